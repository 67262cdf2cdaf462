/**
 * Whether the person last used the keyboard (rather than a pointer or nothing
 * yet). A heading that takes the focus by script shows a ring only then: at a
 * page's first load or after a click, the frame would only be noise, while a
 * keyboard user still sees where the focus went.
 */
let keyboardLast = false;

if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (keyboardLast = true), { capture: true });
  document.addEventListener('pointerdown', () => (keyboardLast = false), { capture: true });
}

export function usedKeyboardLast(): boolean {
  return keyboardLast;
}
