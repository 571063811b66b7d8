import { Link } from 'react-router';
import { HUBS } from '@polski/contracts';
import { paths } from '../../../config/paths';
import './hub-cards.css';

/** The 9 hubs of /learn-polish, each linking to its listing. */
export function HubCards() {
  return (
    <ul className="hub-cards">
      {HUBS.map((hub, i) => (
        <li key={hub.id} className="hub-card">
          <span className="hub-card-number" aria-hidden="true">
            {String(i + 1).padStart(2, '0')}
          </span>
          <h2 className="hub-card-title">
            <Link to={paths.hub.getHref(hub.id)} className="hub-card-link">
              {hub.title}
            </Link>
          </h2>
          <p className="hub-card-level">
            <span className="visually-hidden">Level: </span>
            {hub.level}
          </p>
        </li>
      ))}
    </ul>
  );
}
