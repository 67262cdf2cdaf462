import type { CourseBlock } from '@skolportalen/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { fromLocalInput, toLocalInput } from './course-field-values';
import { CourseFields, type CourseFieldsChange } from './course-fields';

function Harness({ onChange }: { onChange: (change: CourseFieldsChange) => void }) {
  const [course, setCourse] = useState<CourseBlock | null>(null);
  return (
    <CourseFields
      course={course}
      onChange={(change) => {
        setCourse(change.course);
        onChange(change);
      }}
      error={(field) =>
        field === 'course.endDate' ? 'Kursen måste sluta efter att den börjar' : undefined
      }
    />
  );
}

describe('the course fields', () => {
  it('round-trips datetime-local values through the browser’s zone', () => {
    expect(fromLocalInput('')).toBeNull();
    const iso = fromLocalInput('2026-12-01T13:00')!;
    expect(toLocalInput(iso)).toBe('2026-12-01T13:00');
  });

  it('sets the start, the places and the questions, and takes courseDate from the start', async () => {
    const onChange = vi.fn();
    renderAt(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByLabelText(/^Kursen börjar/), {
      target: { value: '2026-12-01T13:00' },
    });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ courseDate: '2026-12-01' }),
    );
    fireEvent.change(screen.getByLabelText(/^Antal platser/), { target: { value: '12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Lägg till fråga' }));
    fireEvent.change(screen.getByLabelText('Fråga 1'), { target: { value: 'Specialkost' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Obligatorisk' }));
    const last = onChange.mock.lastCall![0] as CourseFieldsChange;
    expect(last.course).toMatchObject({
      numberOfAttendees: 12,
      bookable: true,
      attendeeInformation: [{ title: 'Specialkost', required: true }],
    });
    expect(screen.getByText('Kursen måste sluta efter att den börjar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ta bort fråga 1' }));
    expect((onChange.mock.lastCall![0] as CourseFieldsChange).course.attendeeInformation).toEqual(
      [],
    );
  }, 20_000);
});
