import { sv } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { renderAt } from '@/test/render';
import { EmailMissingDialog } from './email-missing-dialog';

const caretaker = buildUser({ uid: 'karin.berg', roleKeys: ['role_caretaker'], email: null });

describe('"E-postadress saknas"', () => {
  it('asks a caretaker without e-mail to add one, and leads to the profile', async () => {
    const { router } = renderAt(<EmailMissingDialog user={caretaker} />, '/');
    const dialog = await screen.findByRole('dialog', { name: sv.emailMissing.title });
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: sv.emailMissing.action }));
    expect(router.state.location.pathname).toBe('/profile/info/karin.berg');
    expect(router.state.location.search).toBe('?highlightEmail=true');
  });

  it('stays away on the profile page and for other users', () => {
    renderAt(<EmailMissingDialog user={caretaker} />, '/profile/info/karin.berg');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown to a teacher without e-mail', () => {
    renderAt(<EmailMissingDialog user={buildUser({ email: null })} />, '/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
