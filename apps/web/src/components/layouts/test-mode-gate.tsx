// the api file alone, not the feature's index: the premium pages stay out of this chunk
import { usePaymentsConfig } from '../../features/premium/api/get-payments-config';
import { TestModeMarker } from './test-mode-marker';

/** The test-mode marker while the API runs the Stripe emulator (GET payments/config); nothing otherwise. */
export default function TestModeGate() {
  const payments = usePaymentsConfig();
  return payments.data?.testMode ? <TestModeMarker /> : null;
}
