import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('the names of the editor’s fields', () => {
  it('names a field, a field inside a list item and a contact field as the form shows them', () => {
    expect(fieldLabel('title')).toBe('Rubrik');
    expect(fieldLabel('nodeIds')).toBe('Grupper');
    expect(fieldLabel('blurbs.1.text')).toBe('Puff 2, Puffens text');
    expect(fieldLabel('info.0.url')).toBe('Länk 1, Adress (URL)');
    expect(fieldLabel('contact.email')).toBe('Kontaktperson, E-postadress');
    expect(fieldLabel('course.endDate')).toBe('Kursen slutar');
    expect(fieldLabel('acknowledgeBy')).toBe('Sista dag att bekräfta');
    expect(fieldLabel('reminderHoursBefore.1')).toBe('Påminnelse 2, timmar före sista dagen');
  });

  it('gives no name to a path the form does not show', () => {
    expect(fieldLabel('somethingElse')).toBeUndefined();
  });
});
