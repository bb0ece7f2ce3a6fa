import type { FastifyInstance } from 'fastify';
import { authApi, profileApi, twoFactorApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, options: { rateLimitPerMinute: number }): void {
  const limited = { rateLimitPerMinute: options.rateLimitPerMinute };
  bindEndpoint(app, authApi.login, (ctx, { body }) => auth.login(ctx, body), limited);
  bindEndpoint(app, authApi.externalLogin, (ctx, { body }) => auth.externalLogin(ctx, body), limited);
  bindEndpoint(app, authApi.signInWithCode, (ctx, { body }) => auth.signInWithCode(ctx, body), limited);
  bindEndpoint(app, authApi.signInEnrolmentStart, (_ctx, { body }) => auth.signInEnrolmentStart(body), limited);
  bindEndpoint(app, authApi.signInEnrolmentConfirm, (ctx, { body }) => auth.signInEnrolmentConfirm(ctx, body), limited);
  bindEndpoint(app, authApi.changeExpiredPassword, (ctx, { body }) => auth.changeExpiredPassword(ctx, body), limited);
  bindEndpoint(app, authApi.logout, (ctx) => auth.logout(ctx));
  bindEndpoint(app, authApi.generalSettings, () => auth.generalSettings());
  bindEndpoint(app, authApi.refreshToken, (ctx) => auth.refresh(ctx));
  bindEndpoint(app, authApi.userProperties, (ctx) => auth.userProperties(ctx));
  bindEndpoint(app, authApi.updateMyLanguage, (ctx, { body }) => auth.updateLanguage(ctx, body.language));
  bindEndpoint(app, twoFactorApi.status, (ctx) => auth.twoFactor.status(ctx));
  bindEndpoint(app, twoFactorApi.start, (ctx) => auth.twoFactor.start(ctx));
  bindEndpoint(app, twoFactorApi.confirm, (ctx, { body }) => auth.twoFactor.confirm(ctx, body.code));
  bindEndpoint(app, twoFactorApi.disable, (ctx, { body }) => auth.twoFactor.disable(ctx, body.confirmation));
  bindEndpoint(app, twoFactorApi.regenerateRecoveryCodes, (ctx, { body }) => auth.twoFactor.regenerateRecoveryCodes(ctx, body.confirmation));
  bindEndpoint(app, authApi.passwordForgotten, (ctx, { body }) => auth.passwordForgotten(ctx, body), limited);
  bindEndpoint(app, authApi.passwordChangeLinkState, (_ctx, { params }) => auth.passwordLinkState(params.token), limited);
  bindEndpoint(app, authApi.passwordChangeByLink, (ctx, { body }) => auth.changePasswordByLink(ctx, body), limited);
  bindEndpoint(app, profileApi.changeMyPassword, (ctx, { body }) => auth.changeOwnPassword(ctx, body), limited);
}
