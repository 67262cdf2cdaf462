import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClearOfBottomBar } from './use-clear-of-bottom-bar';

function Bar() {
  const ref = useClearOfBottomBar<HTMLDivElement>();
  return <div ref={ref}>Spara</div>;
}

afterEach(() => vi.restoreAllMocks());

describe('a bar stuck to the bottom of the window', () => {
  it('keeps the page scrolling clear of it while it is shown, then gives the setting back', () => {
    document.documentElement.style.scrollPaddingBottom = '3px';
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      height: 61.4,
    } as DOMRect);
    const { unmount } = render(<Bar />);
    expect(document.documentElement.style.scrollPaddingBottom).toBe('70px');
    unmount();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('3px');
  });
});
