/**
 * The part of jsdom the server uses: a window for DOMPurify. (@types/jsdom
 * pulls a newer undici-types whose Blob clashes with Node 20's.)
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: unknown;
  }
}
