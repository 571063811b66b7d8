import { SuccessPage } from '../../features/premium';

/** /success: back from the one-time checkout (variant B), until the membership is confirmed. */
export default function SuccessRoute() {
  return <SuccessPage />;
}
