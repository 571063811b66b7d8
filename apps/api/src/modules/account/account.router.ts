import {
  ACCOUNT_DELETED_MESSAGE,
  API_CONTRACT,
  API_PREFIX,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
} from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { contractRouter } from '../../middleware/contract-router';
import { currentSession } from '../auth/auth.middleware';
import type { TTokenService } from '../auth/tokens';
import { settingsResponse, userResponse } from '../auth/user-record';
import type { AccountChangesService } from './account-changes.service';
import type { AccountDataService } from './account-data.service';
import type { AccountService } from './account.service';

const c = API_CONTRACT.account;

/** Accounts (libs/contracts account.contract.ts): each route as its contract declares it. */
export function accountRouter(deps: {
  accounts: AccountService;
  data: AccountDataService;
  changes: AccountChangesService;
  tokens: TTokenService;
  clock: TClock;
  checkAnswers?: boolean;
}) {
  const { accounts } = deps;
  const r = contractRouter({ mountedAt: API_PREFIX, clock: deps.clock, checkAnswers: deps.checkAnswers });

  r.add(c.register, async (req, res) => {
    res.reply(201, await accounts.register(req.body, req.ip ?? 'unknown'));
  });

  r.add(c.login, async (req, res) => {
    res.reply(200, await accounts.login(req.body, req.ip ?? 'unknown'));
  });

  r.add(c.confirmEmail, async (req, res) => {
    await accounts.confirmEmail(req.body.token, req.body.userid);
    res.reply(200, { message: 'Email Confirmed' });
  });

  r.add(c.sendEmailConfirmationLink, async (req, res) => {
    await accounts.sendConfirmationLink(req.user);
    res.reply(200, { message: 'Email confirmation link has been sent' });
  });

  r.add(c.forgotPassword, async (req, res) => {
    await accounts.forgotPassword(req.body.email, req.ip ?? 'unknown');
    res.reply(200, { message: 'Reset link has been sent' });
  });

  r.add(c.resetPassword, async (req, res) => {
    await accounts.resetPassword(req.body, req.ip ?? 'unknown');
    res.reply(200, { message: 'The Password has been reset' });
  });

  r.add(c.changeLanguage, async (req, res) => {
    await accounts.changeLanguage(req.user, req.body.newLanguage);
    res.reply(200, { message: 'Language changed successfully' });
  });

  r.add(c.settings, (req, res) => {
    res.reply(200, settingsResponse(req.user, deps.clock.now()));
  });

  r.add(c.saveSession, async (req, res) => {
    res.reply(200, {
      message: 'Session saved',
      userId: await accounts.saveSession(req.user, currentSession(req)),
    });
  });

  r.add(c.getSession, async (req, res) => {
    // with a token, only a handle of that same user is exchanged (docs/product.md, "Sessions and tokens")
    res.reply(200, await accounts.getSession(req.params.userId, req.user));
  });

  r.add(c.logout, async (req, res) => {
    await accounts.logout(req.user, currentSession(req));
    res.reply(200, { message: 'Logged out' });
  });

  r.add(c.logoutEverywhere, async (req, res) => {
    await accounts.logoutEverywhere(req.user);
    res.reply(200, { message: 'Signed out everywhere' });
  });

  r.add(c.exportData, async (req, res) => {
    const data = await deps.data.exportData(req.user);
    res.setHeader('Content-Disposition', 'attachment; filename="polski-stories-data.json"');
    res.reply(200, data);
  });

  r.add(c.deleteAccount, async (req, res) => {
    await deps.data.deleteAccount(req.user, req.body.password);
    res.reply(200, { message: ACCOUNT_DELETED_MESSAGE });
  });

  r.add(c.changePassword, async (req, res) => {
    res.reply(200, await deps.changes.changePassword(req.user, currentSession(req), req.body));
  });

  r.add(c.changeEmail, async (req, res) => {
    await deps.changes.changeEmail(req.user, req.body);
    res.reply(200, { message: EMAIL_CHANGE_SENT_MESSAGE });
  });

  r.add(c.confirmEmailChange, async (req, res) => {
    await deps.changes.confirmEmailChange(req.body.token, req.body.userid, req.ip ?? 'unknown');
    res.reply(200, { message: EMAIL_CHANGED_MESSAGE });
  });

  r.add(c.userUpdatedRoles, (req, res) => {
    // a fresh token of the same session: same `sid`, same sign-in time, so the refresh never extends it
    res.reply(200, userResponse(req.user, deps.tokens, deps.clock.now(), currentSession(req)));
  });

  return r;
}
