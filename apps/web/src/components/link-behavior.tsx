import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Makes MUI's Link and ButtonBase navigate with the router (registered in the
 * theme), so components write `href` and stay inside the single-page app.
 * Absolute URLs stay ordinary links.
 */
export function LinkBehavior({ href, ref, ...props }: LinkBehaviorProps) {
  if (typeof href === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(href)) {
    return <a ref={ref} href={href} {...props} />;
  }
  return <RouterLink ref={ref} to={href} {...props} />;
}
