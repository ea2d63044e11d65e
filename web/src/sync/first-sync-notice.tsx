import { Alert } from '../components/ui/alert.tsx';

/** Shown by a venue screen until the device's first pull of registrations has arrived. */
export function FirstSyncNotice() {
  return <Alert>Loading registrations from the server… This screen works offline once they are here.</Alert>;
}
