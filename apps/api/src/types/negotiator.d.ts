// negotiator 1.x ships no types; the part the content module uses (docs/api.md, "Language of the content").
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The available languages the Accept-Language header accepts, best first (all of them without the header). */
    languages(available?: string[]): string[];
  }
}
