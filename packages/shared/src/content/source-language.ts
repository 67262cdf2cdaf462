/**
 * The language every post is written in first, and the portal's own. A module of its
 * own, apart from ./languages and their names: the start page needs only this.
 */
export const sourceLanguage = 'sv';
