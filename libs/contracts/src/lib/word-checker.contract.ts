import { defineContract, error, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
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
});
