export { AccountSettings, type TAccountSettingsProps } from './components/account-settings';
export { getSettingsQueryOptions, useSettings } from './api/get-settings';
