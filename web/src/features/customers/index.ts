/** Placeholder: issue 4's customer screens. */
const Pending = () => null;
export const CustomersPage = Pending;
export const AddCustomerPage = Pending;
export const CustomerInvoicesPage = Pending;
