import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { profileLinks } from './menu-items';
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
      capabilities: { get_all_links: true },
    });
    expect(labels(profileLinks(principal))).toEqual([
      'Min profil',
      'Mina skolor',
      'Mina verktyg',
      'Administrera verktyg',
    ]);
    expect(labels(profileLinks(buildUser({ roleKeys: ['role_student'] })))).toEqual([
      'Min profil',
      'Mina verktyg',
    ]);
  });
});
