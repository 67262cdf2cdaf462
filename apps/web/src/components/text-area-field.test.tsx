import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './text-area-field';

function Field(props: { error?: boolean; helperText?: string; describedBy?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextAreaField
        label="Kommentar"
        rows={3}
        required
        maxLength={20}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        {...props}
      />
      <p id="hint">Skriv vanlig text.</p>
    </>
  );
}

describe('the text area field', () => {
  it('is a plain textarea named by its label, with its rows and length limit', () => {
    render(<Field />);
    const field = screen.getByRole('textbox', { name: /Kommentar/ });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('rows', '3');
    expect(field).toHaveAttribute('maxlength', '20');
    expect(field).toBeRequired();
    fireEvent.change(field, { target: { value: 'Hej!' } });
    expect(field).toHaveValue('Hej!');
  });

  it('is described by its helper text and the hints it is given', () => {
    render(<Field helperText="20 tecken kvar" describedBy="hint" />);
    const field = screen.getByRole('textbox', { name: /Kommentar/ });
    expect(field).toHaveAccessibleDescription('20 tecken kvar Skriv vanlig text.');
  });

  it('says when it is wrong', () => {
    render(<Field error helperText="Fältet måste vara ifyllt" />);
    const field = screen.getByRole('textbox', { name: /Kommentar/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Fältet måste vara ifyllt');
  });

  it('has no description when there is none', () => {
    render(<Field />);
    expect(screen.getByRole('textbox', { name: /Kommentar/ })).not.toHaveAttribute(
      'aria-describedby',
    );
  });
});
