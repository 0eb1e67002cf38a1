import fp from 'fastify-plugin';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { AppError } from '@/server/errors';

/** The deepest nesting a JSON body may have (the body itself is level 1); the app's deepest input has about 5. */
export const JSON_MAX_DEPTH = 32;
/**
 * The most values (array elements and object members, roughly) a JSON body may hold. The largest input the app takes,
 * a demo department with its opening hours, time slots and loan cars, has about 2,000 (an order about 250); 1 MB of
 * `0,0,0,…` has 499,000, each of which the text guard and the schema would walk on the event loop (about 300 ms).
 */
export const JSON_MAX_VALUES = 20_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * What is wrong with a JSON text's shape, in one pass over it without parsing: nesting deeper than `maxDepth`, or
 * more than `maxValues` values (counted as the commas and the opening brackets outside strings). Brackets and commas
 * inside strings are text, an escaped quote does not end one. Stops at the first place the text goes over; a text
 * that is no JSON at all is left to the parser.
 */
export function findJsonShapeProblem(text: string, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): 'tooDeep' | 'tooMany' | null {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote that no backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return 'tooDeep';
      if (++values > maxValues) return 'tooMany';
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    } else if (c === COMMA && ++values > maxValues) {
      return 'tooMany';
    }
  }
  return null;
}

/**
 * The `application/json` parser for every route: the body's shape is checked in one cheap pass before it is parsed,
 * so a 500,000-deep `[[[…]]]` or a megabyte of tiny elements is refused (400 'for dybt indlejret', 413 'for stor')
 * before JSON.parse, the text guard or a schema walk it. What passes goes to Fastify's own parser, which keeps its
 * refusals: an empty or broken body (400 'ugyldig JSON'), `__proto__` and `constructor.prototype` keys (400).
 * The body limit (1 MB, or a route's own) is Fastify's, applied while the body is read.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = raw as string;
      const problem = findJsonShapeProblem(body);
      if (problem === 'tooDeep') return done(AppError.generic(400, API_MESSAGES.tooDeep), undefined);
      if (problem === 'tooMany') return done(AppError.generic(413, API_MESSAGES.tooLarge), undefined);
      return parse(request, body, done);
    });
  },
  { name: 'json-body' },
);
