import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRule } from '@skolportalen/shared';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import ApprovalRulesRoute from './approval-rules-route';

afterEach(() => vi.unstubAllGlobals());

const roles = [
  { id: 1, key: 'role_teacher', name: 'Lärare', categoryId: 3 },
  { id: 2, key: 'role_student', name: 'Elev', categoryId: 4 },
  { id: 3, key: 'role_school_responsible', name: 'Skolansvarig', categoryId: null },
  { id: 4, key: 'role_substitute', name: 'Vikarie', categoryId: null },
];

const schoolRule: ApprovalRule = {
  id: 1,
  name: 'Inlägg till en hel skola godkänns av rektor',
  postTypes: [],
  audience: 'school-unit',
  authorRoles: [],
  approverRole: 'role_school_responsible',
  approverSameSchool: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

describe('the administrators’ approval rules', () => {
  it('lists the rules in words, and adds one with the server’s refusal at its field', async () => {
    const user = userEvent.setup();
    let rules = [schoolRule];
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/core/v1/role') return json(roles);
      if (url === '/api/core/v1/approval-rule' && (init.method ?? 'GET') === 'GET')
        return json(rules);
      if (url === '/api/core/v1/approval-rule' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as ApprovalRule;
        sent.push(body);
        if (body.approverRole === 'role_substitute')
          return json(
            {
              status: 400,
              code: 'validation',
              message: 'Felaktig indata',
              errors: [{ field: 'approverRole', message: 'Ingen har rollen som ska godkänna.' }],
            },
            { status: 400 },
          );
        const created = { ...schoolRule, ...body, id: 2 };
        rules = [...rules, created];
        return json(created, { status: 201 });
      }
      return undefined;
    });
    renderAt(<ApprovalRulesRoute />);

    const list = await screen.findByRole('list', { name: 'Regler' });
    const rule = within(list).getByRole('article', { name: schoolRule.name });
    expect(rule).toHaveTextContent('Alla typer · Innehåll till en hel skolenhet');
    expect(rule).toHaveTextContent('Alla författare');
    expect(rule).toHaveTextContent('Skolansvarig på inläggets skola');

    await user.click(screen.getByRole('button', { name: 'Lägg till regel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny regel' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Namn/ }), 'Krisinformation');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Krisinformation' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Innehåll till hela kommunen' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lärare' }));
    await user.click(within(dialog).getByRole('switch', { name: /Bara godkännare/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /Godkänns av rollen/ }));
    await user.click(await screen.findByRole('option', { name: 'Vikarie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));

    expect(
      await within(dialog).findByText('Ingen har rollen som ska godkänna.'),
    ).toBeInTheDocument();
    expect(sent[0]).toEqual({
      name: 'Krisinformation',
      postTypes: ['alert'],
      audience: 'municipality',
      authorRoles: ['role_teacher'],
      approverRole: 'role_substitute',
      approverSameSchool: false,
    });

    await user.click(within(dialog).getByRole('combobox', { name: /Godkänns av rollen/ }));
    await user.click(await screen.findByRole('option', { name: 'Skolansvarig' }));
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Regeln ”Krisinformation” är tillagd.'),
    );
    expect(await within(list).findByRole('article', { name: 'Krisinformation' })).toHaveTextContent(
      'Lärare',
    );
  });

  it('removes a rule after asking', async () => {
    const user = userEvent.setup();
    let rules = [schoolRule];
    mockFetch((url, init) => {
      if (url === '/api/core/v1/role') return json(roles);
      if (url === '/api/core/v1/approval-rule') return json(rules);
      if (url === '/api/core/v1/approval-rule/1' && init.method === 'DELETE') {
        rules = [];
        return json({ ok: true });
      }
      return undefined;
    });
    renderAt(<ApprovalRulesRoute />);
    await user.click(await screen.findByRole('button', { name: `Ta bort ${schoolRule.name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Ta bort ${schoolRule.name}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(
      await screen.findByText('Det finns inga regler: allt publiceras direkt.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Regeln ”${schoolRule.name}” är borttagen.`,
      ),
    );
  });
});
