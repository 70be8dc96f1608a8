import { roleLabels } from '../../config/roles';
import type { User } from '../../stores/auth-store';
import './dashboard-welcome.css';

/**
 * An area's index until its own screen lands (the sales dashboards for admin and super admin,
 * the cart for staff): who is signed in, and where, straight from the server's session data.
 */
export function DashboardWelcome({ user }: { user: User }) {
  const facts: [string, string | null][] = [
    ['Role', roleLabels[user.role]],
    ['Shop', user.shopName],
    ['Staff ID', user.staffId],
    ['Mobile', user.phoneNumber],
    ['Email', user.email],
  ];
  return (
    <section className="dashboard-welcome" aria-labelledby="dashboard-welcome-title">
      <div className="dashboard-welcome__panel">
        <p className="dashboard-welcome__eyebrow">{roleLabels[user.role]}</p>
        <h1 id="dashboard-welcome-title">Welcome, {user.userName}</h1>
        <dl className="dashboard-welcome__facts">
          {facts
            .filter((fact): fact is [string, string] => Boolean(fact[1]))
            .map(([term, value]) => (
              <div key={term} className="dashboard-welcome__fact">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </section>
  );
}
