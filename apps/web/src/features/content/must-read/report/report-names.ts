import { sv } from '@skolportalen/shared';

/** A role key as people read it ("Vårdnadshavare"); an unknown key as it is. */
export function roleName(role: string): string {
  return (sv.roles as Record<string, string>)[role] ?? role;
}
