import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { addFieldError, hasInvalidText, INPUT_MESSAGES, maskInvalidText, type FieldErrors } from '@/domain/lib/validation';
import { AppError } from '@/server/errors';

/** The largest file any upload takes (photos sent uncompressed when the browser could not compress them). */
export const MULTIPART_MAX_FILE_BYTES = 15 * 1024 * 1024;

/**
 * Multipart bodies for the upload calls (photos, signatures, feedback). Registered once for the whole
 * app; a route reads its body with `readMultipart`. Every other route still takes JSON only.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
      throwFileSizeLimit: true,
    });
  },
  { name: 'multipart' },
);

export interface MultipartBody {
  /** Text fields by name (the last value of a repeated name). */
  fields: Record<string, string>;
  /** The one file part, read into memory, or null when the form had none. */
  file: { fieldName: string; fileName: string; mimetype: string; bytes: Buffer } | null;
}

/**
 * Reads a multipart form with at most one file, in any order of parts.
 * Not multipart: 415; a file over `maxBytes`: 413 with `tooLarge`; a body that cannot be read (no boundary,
 * cut off before its last boundary, a broken part header): 400; a NUL character or a lone surrogate in a
 * field, a name or the file name: 400 VALIDATION_ERROR on that field, as the text guard answers JSON bodies.
 */
export async function readMultipart(
  request: FastifyRequest,
  messages: { tooLarge: string; notMultipart?: string },
  maxBytes = MULTIPART_MAX_FILE_BYTES,
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw AppError.generic(415, messages.notMultipart ?? 'Forespørgslen skal sendes som multipart/form-data');
  }
  const body: MultipartBody = { fields: {}, file: null };
  const invalid: FieldErrors = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: Math.min(maxBytes, MULTIPART_MAX_FILE_BYTES) } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (hasInvalidText(part.fieldname) || hasInvalidText(part.filename) || hasInvalidText(part.mimetype)) {
          addFieldError(invalid, maskInvalidText(part.fieldname), INPUT_MESSAGES.invalidText);
        }
        body.file = { fieldName: part.fieldname, fileName: part.filename, mimetype: part.mimetype, bytes };
      } else {
        const value = String(part.value);
        if (hasInvalidText(part.fieldname) || hasInvalidText(value))
          addFieldError(invalid, maskInvalidText(part.fieldname), INPUT_MESSAGES.invalidText);
        body.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.generic(413, messages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.generic(413, 'Formularen har for mange dele');
    // Everything else the parser throws is about the body the client sent (busboy: 'Multipart: Boundary not
    // found', 'Unexpected end of form', 'Malformed part header', an aborted request).
    request.log.info({ err: error }, 'unreadable multipart body');
    throw AppError.generic(400, API_MESSAGES.invalidMultipart);
  }
  if (Object.keys(invalid).length > 0) throw AppError.validation(invalid);
  return body;
}
