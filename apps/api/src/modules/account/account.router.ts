import { Router } from 'express';
import { z } from 'zod';
import {
  ZChangeLanguageRequestSchema,
  ZConfirmEmailRequestSchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZRegisterRequestSchema,
  ZResetPasswordRequestSchema,
  type TMessageResponse,
  type TSaveSessionResponse,
} from '@polski/contracts';
import type { TClock } from '../../app';
import { validate } from '../../middleware/validate';
import { currentUser, requireUser } from '../auth/auth.middleware';
import type { TTokenService } from '../auth/tokens';
import { settingsResponse, userResponse } from '../auth/user-record';
import type { AccountService } from './account.service';

const ZSaveSessionRequestSchema = z.object({}).loose();
const ZGetSessionParamsSchema = z.object({ userId: z.string().min(1).max(128) });
const ZCacheBusterSchema = z.object({ cacheBuster: z.string().max(32).optional() }).loose();

export function accountRouter(deps: {
  accounts: AccountService;
  tokens: TTokenService;
  clock: TClock;
}): Router {
  const { accounts } = deps;
  const r = Router();
  const message = (m: string): TMessageResponse => ({ message: m });

  r.post('/account/register', validate(ZRegisterRequestSchema), async (req, res) => {
    res.status(201).json(await accounts.register(req.body));
  });

  r.post('/account/login', validate(ZLoginRequestSchema), async (req, res) => {
    res.json(await accounts.login(req.body, req.ip ?? 'unknown'));
  });

  r.post('/account/confirmemail', validate(ZConfirmEmailRequestSchema), async (req, res) => {
    await accounts.confirmEmail(req.body.token, req.body.userid);
    res.json(message('Email Confirmed'));
  });

  r.post('/account/sendemailconfirmationlink', requireUser, async (req, res) => {
    await accounts.sendConfirmationLink(currentUser(req));
    res.json(message('Email confirmation link has been sent'));
  });

  r.post('/account/forgotpassword', validate(ZForgotPasswordRequestSchema), async (req, res) => {
    await accounts.forgotPassword(req.body.email, req.ip ?? 'unknown');
    res.json(message('Reset link has been sent'));
  });

  r.post('/account/resetpassword', validate(ZResetPasswordRequestSchema), async (req, res) => {
    await accounts.resetPassword(req.body);
    res.json(message('The Password has been reset'));
  });

  r.put('/account/changelanguage', requireUser, validate(ZChangeLanguageRequestSchema), async (req, res) => {
    await accounts.changeLanguage(currentUser(req), req.body.newLanguage);
    res.json(message('Language changed successfully'));
  });

  r.get('/account/settings', requireUser, (req, res) => {
    res.json(settingsResponse(currentUser(req), deps.clock.now()));
  });

  r.post('/account/save-session', requireUser, validate(ZSaveSessionRequestSchema), async (req, res) => {
    const handle = await accounts.saveSession(currentUser(req));
    res.json({ message: 'Session saved', userId: handle } satisfies TSaveSessionResponse);
  });

  r.get('/account/get-session/:userId', validate(ZGetSessionParamsSchema, 'params'), async (req, res) => {
    res.json(await accounts.getSession(String(req.params.userId)));
  });

  /** The current user from the database with a fresh token (roles change after a payment or when access ends). */
  r.get('/payments/user-updated-roles', requireUser, validate(ZCacheBusterSchema, 'query'), (req, res) => {
    res.json(userResponse(currentUser(req), deps.tokens, deps.clock.now()));
  });

  return r;
}
