import { expect, type Page, type Response } from '@playwright/test';

/**
 * The browser half of the XSS test: a page-level tripwire that records any
 * script a vector manages to run, and an audit of what the page ended up
 * with. Every vector of the corpus that runs code calls alert, confirm,
 * prompt, print or xss.
 */

/** What one page gave away. */
export interface PageFindings {
  /** Calls of the tripwire functions and native dialogs: script that ran. */
  executed: string[];
  /** CSP reports for active content (script, object, frame, base, form). */
  blockedActive: string[];
  /** Dangerous things in the DOM: handler attributes, script addresses, foreign elements. */
  dom: string[];
  /** Uncaught errors on the page (a handler calling something that does not exist shows here). */
  errors: string[];
}

/** Runs in every frame before any of the page's own scripts. */
function installTripwire() {
  const hits: string[] = [];
  const blocked: string[] = [];
  const record = (name: string) =>
    function (...args: unknown[]) {
      hits.push(`${name}(${String(args[0] ?? '').slice(0, 60)})`);
      return name === 'confirm' ? false : name === 'prompt' ? null : undefined;
    };
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'xss'])
    Object.defineProperty(window, name, { value: record(name), writable: false });
  Object.defineProperty(window, '__xssHits', { value: hits });
  Object.defineProperty(window, '__xssBlocked', { value: blocked });
  const active = /^(script-src|object-src|frame-src|child-src|base-uri|form-action)/;
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      if (active.test(event.effectiveDirective))
        blocked.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`.trim());
    },
    true,
  );
}

/** Watches a page from now on: the tripwire in every document, dialogs and uncaught errors. */
export async function armTripwire(page: Page) {
  const dialogs: string[] = [];
  const errors: string[] = [];
  await page.addInitScript(installTripwire);
  page.on('dialog', (dialog) => {
    dialogs.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    /** Pokes every element of the main content the way a visitor would, then collects the findings. */
    async inspect(): Promise<PageFindings> {
      await page.waitForLoadState('networkidle');
      const inPage = await page.evaluate(async () => {
        for (const element of Array.from(document.querySelectorAll('main *'))) {
          for (const type of ['mouseover', 'mouseenter', 'pointerover', 'focus', 'error', 'load'])
            element.dispatchEvent(new Event(type, { bubbles: false }));
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        const dom: string[] = [];
        const scriptAddress = /^\s*(javascript|vbscript|data:text\/html|data:image\/svg)/i;
        for (const element of Array.from(document.querySelectorAll('body *'))) {
          const tag = element.tagName.toLowerCase();
          if (['script', 'iframe', 'object', 'embed', 'frame', 'base', 'meta'].includes(tag))
            dom.push(`<${tag}> ${element.outerHTML.slice(0, 120)}`);
          for (const attribute of Array.from(element.attributes)) {
            const name = attribute.name.toLowerCase();
            if (name.startsWith('on')) dom.push(`${tag}[${name}]`);
            if (
              ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'].includes(
                name,
              ) &&
              scriptAddress.test(attribute.value)
            )
              dom.push(`${tag}[${name}=${attribute.value.slice(0, 80)}]`);
          }
        }
        const own = window as unknown as { __xssHits: string[]; __xssBlocked: string[] };
        return { executed: [...own.__xssHits], blockedActive: [...own.__xssBlocked], dom };
      });
      const findings = {
        executed: [...inPage.executed, ...dialogs.splice(0)],
        blockedActive: inPage.blockedActive,
        dom: inPage.dom,
        errors: errors.splice(0),
      };
      return findings;
    },
  };
}

/** Which of the expected texts the page does not show, as text or in an alt, title or label. */
export async function missingTexts(page: Page, expected: readonly string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const normal = (value: string) => value.replace(/\s+/g, ' ').trim();
    const shown = [normal(document.body.innerText)];
    for (const element of Array.from(document.querySelectorAll('[alt],[title],[aria-label]')))
      for (const name of ['alt', 'title', 'aria-label'])
        shown.push(normal(element.getAttribute(name) ?? ''));
    const haystack = shown.join('\n');
    return wanted.filter((text) => !haystack.includes(normal(text)));
  }, expected);
}

/** The page's own scripts are files from the portal; its CSP allows nothing else to run. */
export async function expectStrictCsp(page: Page, response: Response | null) {
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('script-src'), csp).toEqual(["'self'"]);
  expect(csp).not.toContain('unsafe-eval');
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  const inlineScripts = await page.evaluate(
    () => Array.from(document.scripts).filter((script) => !script.src).length,
  );
  expect(inlineScripts, 'inline <script> elements').toBe(0);
}
