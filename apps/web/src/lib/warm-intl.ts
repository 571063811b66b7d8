/**
 * The first number a page formats in a language (a plural's `#`: "3 min read", "12 lessons") makes the browser load
 * that language's number data: about 20 ms on a fast machine, four times that on a slow phone, inside the first
 * render of the lesson and hub pages. Done here instead, in a task of its own as soon as this module runs (it comes
 * with TanStack Query, which every page but home loads at boot while the page's own code and data are still on their
 * way), in the browser's languages (which the app's choice for a visitor follows), so the first render finds it ready. docs/performance.md, "Lighthouse,
 * 2026-11-27 evening".
 */
// and the list data of a lesson's grammar notes ("być and present tense"), which its first render formats as well
setTimeout(() => {
  const languages = [...navigator.languages, 'en'];
  new Intl.NumberFormat(languages).format(1);
  new Intl.ListFormat(languages, { type: 'conjunction' }).format(['a', 'b']);
}, 0);
