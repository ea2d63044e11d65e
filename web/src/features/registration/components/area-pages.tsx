import { CompetitorPage } from './competitor-page.tsx';
import { RegistrationPage } from './registration-page.tsx';

// The same pages in the customer and admin areas; after saving a competitor the user goes
// back to /{customer|admin}/registration/{id} (docs/product.md §2).
export const CustomerRegistrationPage = () => <RegistrationPage area="customer" />;
export const AdminRegistrationPage = () => <RegistrationPage area="admin" />;
export const CustomerCompetitorPage = () => <CompetitorPage area="customer" />;
export const AdminCompetitorPage = () => <CompetitorPage area="admin" />;
