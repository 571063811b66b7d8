import { defineContract, empty, error, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ZInflectionQuerySchema, ZInflectionResponseSchema } from './inflection';
import { ROUTES } from './routes';
import {
  ZDictionaryLookupQuerySchema,
  ZDictionaryLookupResponseSchema,
  ZWordCheckRequestSchema,
  ZWordCheckResponseSchema,
} from './translation';

const rateLimited = error(
  'Too many checks from this address; try again after Retry-After seconds',
  E.rateLimited,
);

/** The word checker and the dictionary look-up of the lesson popover: public, limited per address. */
export const wordCheckerContract = defineContract(ROUTES.wordChecker, {
  check: {
    summary: 'Check the spelling of Polish words, with suggestions and dictionary meanings',
    description: "Meanings are in `lang`, else the signed-in learner's native language, else English.",
    auth: 'public',
    body: ZWordCheckRequestSchema,
    responses: { 200: json(ZWordCheckResponseSchema), 400: validation(), 429: rateLimited },
  },
  lookup: {
    summary: "A word's dictionary entries (through its dictionary form) in the learner's language",
    auth: 'public',
    query: ZDictionaryLookupQuerySchema,
    responses: { 200: json(ZDictionaryLookupResponseSchema), 400: validation(), 429: rateLimited },
  },
  inflection: {
    summary: "A lemma's full declension or conjugation (Morfologik), as tables labelled in plain English",
    description:
      'Every cell carries the Morfologik tags of its forms, so a client can highlight the form a learner saw. ' +
      'Public and cached (ETag, Cache-Control: public); 404 when the dictionary has no such lemma with that part ' +
      'of speech.',
    auth: 'public',
    query: ZInflectionQuerySchema,
    responses: {
      200: json(ZInflectionResponseSchema),
      304: empty('Not modified (If-None-Match)'),
      400: validation(),
      404: error('No such lemma with that part of speech in the dictionary', E.notFound),
      429: rateLimited,
    },
  },
});
