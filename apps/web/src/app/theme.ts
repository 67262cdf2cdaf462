import { svSE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { LinkBehavior } from '@/components/link-behavior';

/**
 * The keyboard focus ring (WCAG 2.4.7): a dark ring with a white halo, so it
 * shows on the white pages and on the blue header alike.
 */
const focusRing = {
  outline: '3px solid #1a1c1e',
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #ffffff',
};
/** Items inside lists, menus, tabs and cards draw the ring inside, where no edge clips it. */
const insetFocusRing = {
  outline: '3px solid #1a1c1e',
  outlineOffset: '-3px',
  boxShadow: 'inset 0 0 0 5px #ffffff',
};

/** What the ring leaves out (the rules below also gain the weight to beat MUI's own `outline: 0`). */
const ringed = ':not([tabindex="-1"]):not(.MuiInputBase-input)';
const insetItems = [
  '.MuiMenuItem-root',
  '.MuiListItemButton-root',
  '.MuiTab-root',
  '.MuiCardActionArea-root',
];

/**
 * For people who ask their system for less motion (`prefers-reduced-motion`,
 * WCAG 2.3.3): dialogs, menus and drawers appear without sliding or fading,
 * and buttons without the ripple.
 */
const withoutMotion = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: {
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior, disableRipple: true } },
  },
} as const;

/**
 * The municipal look: a deep blue that keeps white text at 9:1 contrast and
 * dark text on light surfaces (WCAG 2.1 AA), MUI's Swedish component texts;
 * without motion when the person asks for less.
 */
export const themeFor = ({ reducedMotion }: { reducedMotion: boolean }) =>
  createTheme(
    {
      palette: {
        primary: { main: '#00487c', dark: '#00335a', light: '#2f6d9c', contrastText: '#ffffff' },
        secondary: { main: '#f2a900', contrastText: '#1a1a1a' },
        error: { main: '#b3261e' },
        warning: { main: '#8a5300' },
        success: { main: '#1e6b34' },
        background: { default: '#f3f5f8', paper: '#ffffff' },
        text: { primary: '#1a1c1e', secondary: '#4a5259' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily:
          'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        // The page titles: a size down on a phone, so that ordinary long words
        // ("Informationskväll") keep whole on a line at 320 px.
        h4: {
          fontWeight: 700,
          fontSize: '1.9rem',
          '@media (max-width: 599.95px)': { fontSize: '1.6rem' },
        },
        h6: { fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiLink: { defaultProps: { component: LinkBehavior } },
        MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
        MuiCard: { defaultProps: { variant: 'outlined' } },
        // A table that scrolls sideways keeps its visually hidden headers inside it: they are
        // positioned absolutely, and without a positioned scroller they widened the page.
        MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
        // Swedish compounds ("Tillgänglighetsredogörelse") must wrap at 320 px and 200 % zoom
        // instead of pushing the page sideways (WCAG 1.4.10).
        MuiCssBaseline: {
          styleOverrides: {
            'h1, h2, h3, h4, h5, h6, p, li, dd, dt, label, legend': {
              overflowWrap: 'anywhere',
              hyphens: 'auto',
            },
            // Every control shows where the keyboard is. Text fields show it with their
            // border, and elements focused only by script (tabindex -1) need no ring.
            [`:focus-visible${ringed}`]: focusRing,
            // MUI's checkboxes, radios and switches hide the native input; the control
            // shows it. Menu items take the focus with tabindex -1 and show it the same way.
            '.MuiButtonBase-root.Mui-focusVisible': focusRing,
            [insetItems
              .flatMap((item) => [`${item}.Mui-focusVisible`, `${item}:focus-visible${ringed}`])
              .join(', ')]: insetFocusRing,
          },
        },
      },
    },
    reducedMotion ? withoutMotion : {},
    svSE,
  );
