import { useId } from 'react';
import {
  formatPrice,
  fromMinorUnits,
  ROLES,
  SUBSCRIPTION_PLAN_LABELS,
  ONE_TIME_PLAN_LABELS,
} from '@polski/contracts';
import { useUser } from '../../../lib/session';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useAdminPrices } from '../api/get-prices';
import { useFetchStripeSubs, type TStripeOverviewResponse } from '../api/fetch-stripe-subs';
import { useSyncRoles, type TSyncRolesResponse } from '../api/sync-roles';
import './admin.css';

export const ADMIN_TITLE = 'Admin';

const PLAN_LABELS: Record<string, string> = { ...SUBSCRIPTION_PLAN_LABELS, ...ONE_TIME_PLAN_LABELS };

type TIncident = TStripeOverviewResponse['incidents'][number];

/** What each kind of payment incident is (docs/payments.md, "Incidents"). */
const INCIDENT_LABELS: Record<TIncident['kind'], string> = {
  unverified_checkout: 'Checkout the site did not create',
  unverified_subscription: 'Subscription the site did not create',
  duplicate_payment: 'Duplicate purchase',
  superseded_payment: 'Yearly purchase replaced by lifetime',
  duplicate_subscription: 'Duplicate subscription',
  refund: 'Refund',
  invoice_refund: 'Subscription invoice refund',
};

const OUTCOME_LABELS: Record<TIncident['outcome'], string> = {
  granted_nothing: 'nothing granted',
  refunded: 'refunded',
  cancelled: 'cancelled and refunded',
  access_kept: 'access kept',
  access_ended: 'access ended',
  period_ended: 'period ended',
};

const showAmount = (minor: number | null, currency: string | null) =>
  minor === null || !currency ? '—' : formatPrice(fromMinorUnits(minor, currency), currency);

function showAction(i: TIncident) {
  if (i.action === 'none') return '—';
  const what = i.action === 'refund' ? 'Refund' : 'Cancel';
  const tries = i.attempts === 1 ? '1 attempt' : `${i.attempts} attempts`;
  return (
    <>
      {what}: {i.actionStatus}
      {i.actionStatus === 'done' ? null : <span className="admin-muted"> ({tries})</span>}
      {i.lastError && i.actionStatus !== 'done' ? <span className="admin-muted"> {i.lastError}</span> : null}
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const showDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');
const showUser = (u: { username: string; email: string } | null) =>
  u ? (
    <>
      {u.username}
      <span className="admin-muted"> {u.email}</span>
    </>
  ) : (
    <span className="admin-muted">unknown</span>
  );

/**
 * /admin (docs/product.md, "Admin page"): fetch Stripe's subscriptions (with the payment incidents) and sync premium
 * roles with them; for users whose roles include Admin; the API checks it again (403 otherwise).
 */
export function AdminPage() {
  usePageMeta(ADMIN_TITLE, undefined);
  const user = useUser();
  if (!user || !user.roles.includes(ROLES.admin)) {
    return (
      <div className="page container admin-page">
        <h1>{ADMIN_TITLE}</h1>
        <div className="admin-forbidden" role="alert">
          <p className="admin-forbidden-code">403</p>
          <p>
            <strong>Administrators only.</strong>{' '}
            {user
              ? 'Your account does not have access to this page.'
              : 'Please log in with an administrator account.'}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="page container admin-page">
      <h1>{ADMIN_TITLE}</h1>
      <p className="lead">Payments as Stripe has them, and premium access reconciled with them.</p>
      <Overview />
      <SyncRoles />
    </div>
  );
}

function Overview() {
  const headingId = useId();
  const fetchSubs = useFetchStripeSubs();
  const prices = useAdminPrices();
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Subscriptions and payments</h2>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => fetchSubs.mutate()}
        disabled={fetchSubs.isPending}
      >
        {fetchSubs.isPending ? 'Fetching…' : 'Fetch subscriptions'}
      </button>
      {fetchSubs.isError ? (
        <p className="admin-error" role="alert">
          The subscriptions could not be fetched.
        </p>
      ) : null}
      {fetchSubs.data ? <OverviewTables data={fetchSubs.data} prices={prices.data ?? []} /> : null}
    </section>
  );
}

function OverviewTables({
  data,
  prices,
}: {
  data: TStripeOverviewResponse;
  prices: readonly { id: string; amount: number; currency: string; plan: string }[];
}) {
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Subscriptions ({data.subscriptions.length})</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Status</th>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Currency</th>
              <th scope="col">Period end</th>
            </tr>
          </thead>
          <tbody>
            {data.subscriptions.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-muted">
                  No subscriptions.
                </td>
              </tr>
            ) : (
              data.subscriptions.map((s) => {
                const price = prices.find((p) => p.id === s.priceId);
                return (
                  <tr key={s.id}>
                    <td>{showUser(s.user)}</td>
                    <td>
                      {s.status}
                      {s.cancelAtPeriodEnd ? (
                        <span className="admin-muted"> (cancels at period end)</span>
                      ) : null}
                    </td>
                    <td>{price ? (PLAN_LABELS[price.plan] ?? price.plan) : (s.priceId ?? '—')}</td>
                    <td>{price ? formatPrice(price.amount, price.currency) : '—'}</td>
                    <td>{s.currency}</td>
                    <td>{showDate(s.currentPeriodEnd)}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>One-time payments ({data.payments.length})</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Status</th>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Currency</th>
              <th scope="col">Paid on</th>
            </tr>
          </thead>
          <tbody>
            {data.payments.length === 0 ? (
              <tr>
                <td colSpan={6} className="admin-muted">
                  No one-time payments.
                </td>
              </tr>
            ) : (
              data.payments.map((p) => (
                <tr key={p.sessionId}>
                  <td>{showUser(p.user)}</td>
                  <td>
                    {p.status}
                    {p.amountRefunded > 0 ? (
                      <span className="admin-muted">
                        {' '}
                        ({showAmount(p.amountRefunded, p.currency)} refunded)
                      </span>
                    ) : null}
                  </td>
                  <td>{p.plan ? (PLAN_LABELS[p.plan] ?? p.plan) : '—'}</td>
                  <td>
                    {p.amount === null ? '—' : formatPrice(fromMinorUnits(p.amount, p.currency), p.currency)}
                  </td>
                  <td>{p.currency}</td>
                  <td>{showDate(p.created)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Incidents incidents={data.incidents} />
    </>
  );
}

/** Checkouts refused, duplicates refunded or cancelled, refunds and what they did to access; newest first. */
function Incidents({ incidents }: { incidents: readonly TIncident[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Payment incidents ({incidents.length})</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">User</th>
            <th scope="col">What</th>
            <th scope="col">Outcome</th>
            <th scope="col">Amount</th>
            <th scope="col">Stripe action</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {incidents.length === 0 ? (
            <tr>
              <td colSpan={7} className="admin-muted">
                No payment incidents.
              </td>
            </tr>
          ) : (
            incidents.map((i) => (
              <tr key={i.id}>
                <td>{showDate(i.createdAt)}</td>
                <td>{showUser(i.user)}</td>
                <td>{INCIDENT_LABELS[i.kind]}</td>
                <td>{OUTCOME_LABELS[i.outcome]}</td>
                <td>
                  {showAmount(i.amount, i.currency)}
                  {i.amountRefunded !== null ? (
                    <span className="admin-muted">
                      {' '}
                      ({showAmount(i.amountRefunded, i.currency)} refunded)
                    </span>
                  ) : null}
                </td>
                <td>{showAction(i)}</td>
                <td>
                  {i.detail}
                  <span className="admin-muted">
                    {' '}
                    {[i.stripeSessionId, i.stripeSubscriptionId, i.stripeRefundId]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SyncRoles() {
  const headingId = useId();
  const sync = useSyncRoles();
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Premium roles</h2>
      <p>
        Checks every customer against Stripe, records anything a webhook missed and updates premium access.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => sync.mutate()}
        disabled={sync.isPending}
      >
        {sync.isPending ? 'Syncing…' : 'Sync premium roles with Stripe'}
      </button>
      {sync.isError ? (
        <p className="admin-error" role="alert">
          The roles could not be synced.
        </p>
      ) : null}
      {sync.data ? <SyncResult result={sync.data} /> : null}
    </section>
  );
}

function SyncResult({ result }: { result: TSyncRolesResponse }) {
  return (
    <div className="admin-result" role="status">
      <p>
        Checked <strong>{result.checked}</strong> {result.checked === 1 ? 'customer' : 'customers'}, changed{' '}
        <strong>{result.changed}</strong>.
      </p>
      {result.changes.length ? (
        <ul className="admin-changes">
          {result.changes.map((c) => (
            <li key={c.email}>
              {c.username} <span className="admin-muted">{c.email}</span>:{' '}
              {c.after ? 'now premium' : 'no longer premium'}
              {c.after ? ` (${c.premiumLifetime ? 'forever' : `until ${showDate(c.premiumUntil)}`})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
