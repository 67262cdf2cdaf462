import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SwedishDateField } from './swedish-date-field';

function Harness({
  onChange,
  initial = '',
}: {
  onChange: (value: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SwedishDateField
      label="Kursen börjar"
      withTime
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('the Swedish date field', () => {
  it('shows a stored date and time the Swedish way, not as the browser’s language would', () => {
    render(<Harness onChange={vi.fn()} initial="2026-12-01T13:00" />);
    const input = screen.getByLabelText('Kursen börjar');
    expect(input).toHaveValue('2026-12-01 13:00');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'ÅÅÅÅ-MM-DD TT:MM');
    expect(screen.getByText(/Skriv som 2026-12-01 13:00/)).toBeInTheDocument();
  });

  it('hands the form a date written with a 24-hour time, and says what is wrong with other text', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Kursen börjar');
    fireEvent.change(input, { target: { value: '2026-12-01 14.30' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01T14:30');
    fireEvent.blur(input);
    expect(input).toHaveValue('2026-12-01 14:30');

    fireEvent.change(input, { target: { value: '12/01/2026 02:30 PM' } });
    expect(onChange).toHaveBeenLastCalledWith('12/01/2026 02:30 PM');
    fireEvent.blur(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Datum och tid saknas eller är fel skrivna/)).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
