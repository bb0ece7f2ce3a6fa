import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, ErrorCode, findUnstorableInput } from '@delego/domain';

/**
 * The contract's zod validation, preceded for every route by the guard against what PostgreSQL
 * cannot store (`findUnstorableInput`: NUL characters, lone surrogates, integers beyond 32 bits):
 * such a request is refused with field issues before any handler, audit row or query sees it.
 */
export const storableInputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const part = route.httpPart === 'body' || route.httpPart === undefined ? null : route.httpPart;
  return (data) => {
    const issues = findUnstorableInput(data);
    if (issues.length > 0) {
      return { error: new AppError(ErrorCode.validationFailed, { issues: issues.map((issue) => ({ ...issue, path: part ? [part, ...issue.path] : issue.path })) }) };
    }
    return validate(data);
  };
};
