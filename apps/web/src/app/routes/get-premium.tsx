import { redirect } from 'react-router';
import { paths } from '../../config/paths';

/** docs/product.md, "Routes": /get-premium redirects to /premium-member. */
export function loader() {
  return redirect(paths.premiumMember.getHref());
}

export default function GetPremiumRoute() {
  return null;
}
