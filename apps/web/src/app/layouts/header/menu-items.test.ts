import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { adminLinks } from '../../navigation/screens';
import { headerLinks, profileLinks } from './menu-items';
import { mobileMenuTabs } from './mobile-menu-tabs';

const labels = (list: { label: string }[]) => list.map((item) => item.label);

describe('the menus', () => {
  it('mobile tabs: profile, favourites for teachers, create with create_post, tools for all', () => {
    const teacher = buildUser({ capabilities: { create_post: true } });
    expect(mobileMenuTabs(teacher).map((tab) => tab.id)).toEqual([
      'profile',
      'favorites',
      'create',
      'tools',
    ]);
    const caretaker = buildUser({ roleKeys: ['role_caretaker'] });
    expect(mobileMenuTabs(caretaker).map((tab) => tab.id)).toEqual(['profile', 'tools']);
  });

  it('profile links follow the routes’ conditions', () => {
    const teacher = buildUser({
      capabilities: { create_post: true, set_intrest_unit: true, edit_own_links: true },
    });
    expect(labels(profileLinks(teacher))).toEqual([
      'Min profil',
      'Mitt innehåll',
      'Läsbekräftelser',
      'Mina grupper',
      'Mina skolor',
      'Mina intresseenheter',
      'Mina favoriter',
      'Favoritmålgrupper',
      'Mina verktyg',
    ]);
    const principal = buildUser({
      roleKeys: ['role_employee', 'role_school_responsible'],
      isSchoolResponsible: true,
      isApprover: true,
      capabilities: { get_all_links: true },
    });
    // The rektor follows up her school's must-read notices, also those only to guardians,
    // approves what a rule names her role for (the demo: posts to her whole school), and
    // follows up her school's content to review.
    expect(labels(profileLinks(principal))).toEqual([
      'Min profil',
      'Läsbekräftelser',
      'Att godkänna',
      'Innehåll att granska',
      'Mina skolor',
      'Mina verktyg',
      'Administration',
    ]);
    // A rektor no rule names has no queue; an employee a rule names has one.
    expect(labels(profileLinks({ ...principal, isApprover: false }))).not.toContain('Att godkänna');
    const communicator = buildUser({ roleKeys: ['role_employee'], isApprover: true });
    expect(labels(profileLinks(communicator))).toEqual([
      'Min profil',
      'Att godkänna',
      'Mina skolor',
      'Mina verktyg',
    ]);
    expect(labels(profileLinks(buildUser({ roleKeys: ['role_student'] })))).toEqual([
      'Min profil',
      'Mina verktyg',
    ]);
  });

  it('the administration lists every admin screen the person may open, and only those', () => {
    const admin = buildUser({
      roleKeys: ['role_employee', 'role_admin'],
      isAdmin: true,
      capabilities: {
        post_list_all: true,
        get_all_links: true,
        role_list: true,
        media_list: true,
        send_notification: true,
        manage_retention: true,
      },
    });
    expect(labels(adminLinks(admin))).toEqual([
      'Användare',
      'Roller och rättigheter',
      'Gruppträd',
      'Grupper',
      'Kategorier',
      'Inloggningar',
      'Administrera innehåll',
      'Som publicerat',
      sv.pageTitles.adminIcon,
      'Administrera verktyg',
      'Utskick',
      'Synpunkter om tillgänglighet',
      'Import från skolregistret',
      'Ändringslogg',
      'Gallring och arkiv',
    ]);
    expect(headerLinks(admin).at(-1)).toEqual({
      label: 'Administration',
      href: '/profile/admin/users',
    });
    // An administrator without a right does not get the screen that needs it.
    const limited = buildUser({ isAdmin: true, capabilities: { role_list: false } });
    expect(labels(adminLinks(limited))).not.toContain('Roller och rättigheter');
    expect(labels(adminLinks(limited))).not.toContain('Administrera innehåll');
    expect(labels(adminLinks(limited))).not.toContain('Gallring och arkiv');

    const principal = buildUser({
      roleKeys: ['role_employee', 'role_school_responsible'],
      isSchoolResponsible: true,
      capabilities: { get_all_links: true },
    });
    expect(labels(adminLinks(principal))).toEqual(['Administrera verktyg']);
    expect(headerLinks(principal).at(-1)).toEqual({
      label: 'Administration',
      href: '/profile/admin/tools',
    });
    expect(adminLinks(buildUser({ capabilities: { create_post: true } }))).toEqual([]);
  });
});
