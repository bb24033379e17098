import { HttpError } from '../../server/lib/http-error.ts';

/** The HttpError a call was refused with; anything else (or no refusal) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
