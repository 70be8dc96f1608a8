/**
 * The toast and confirmation texts. A failure shows the server's own message when it
 * sent one; these are the defaults.
 */
export const messages = {
  loginSuccess: 'Login success',
  loginFailed: 'Failed to login',
  /** The super admin's login uses SPEC's variant with the exclamation mark. */
  superAdminLoginFailed: 'Failed to login!',
  logoutSuccess: 'Logout success',
  logoutFailed: 'Failed to logout',
  emailSent: 'Email send successfully',
  emailFailed: 'Failed to send email',
  passwordReset: 'Password reset successfully',
  passwordResetFailed: 'Failed reset password!',
  /**
   * Beyond the product's message list: shown when a session check fails without a message of the
   * server's (an unreachable server, a proxy error page). It is what the server itself says for
   * 401.
   */
  signInNeeded: 'Please sign in',

  // Shops (super admin).
  shopCreated: 'Shop created successfully',
  shopCreateFailed: 'Failed to create shop!.',
  shopUpdated: 'Shop data updated successfully!',
  shopUpdateFailed: 'Failed to update shop data!',
  /** The product's message list names no failure for loading the shops. */
  shopsLoadFailed: 'Failed to fetch shops!',

  // Employees (super admin) and staff (shop admin).
  employeeCreated: 'Employee created successfully',
  staffCreateFailed: 'Failed to create staff!.',
  /** The shop admin's Add Staff form. */
  staffSignedUp: 'Signup success!',
  staffSignupFailed: 'Failed to signup.',
  staffUpdated: 'Staff updated successfully!',
  staffUpdateFailed: 'Failed to update staff!',
  staffDeleted: 'Staff deleted successfully!',
  staffDeleteFailed: 'Failed to delete staff.',
  confirmDeleteStaff: 'Do you want to delete this staff?',
  /** The product's message list names no failure for loading a staff list. */
  staffLoadFailed: 'Failed to fetch staff!',

  // Permissions.
  permissionUpdated: 'Permission updated',
  permissionUpdateFailed: 'Failed to update permission!',
  permissionsFetched: 'Permissions fetched successfully',
  permissionsFetchFailed: 'Failed to fetch permissions!',

  // Customers.
  customerAdded: 'Customer added successfully!',
  customerAddFailed: 'Failed to add new customer!',
  customerUpdated: 'Customer updated successfully!',
  customerUpdateFailed: 'Failed to update customer.',
  customerDeleted: 'Customer deleted successfully!',
  customerDeleteFailed: 'Failed to delete customer.',
  confirmDeleteCustomer: 'Do you want to delete this customer?',
  customerInvoicesFailed: 'Failed to fetch customer invoice',
  storeCreditLoadFailed: 'Failed to fetch store credit',
  storeCreditAddFailed: 'Failed to add store credit',
  giftCardLoadFailed: 'Failed to fetch the gift card',
  giftCardSellFailed: 'Failed to sell the gift card',
  /** The product's message list names no failure for loading the customer list. */
  customersLoadFailed: 'Failed to fetch customers!',

  // Categories.
  categoryAdded: 'Category added successfully!',
  categoryAddFailed: 'Failed to add category.',
  categoryUpdated: 'Category updated successfully!',
  categoryUpdateFailed: 'Failed to update category.',
  categoryDeleted: 'Category deleted successfully!',
  categoryDeleteFailed: 'Failed to delete category.',
  confirmDeleteCategory: 'Do you want to delete this category?',
  /** The product's message list names no failure for loading the categories. */
  categoriesLoadFailed: 'Failed to fetch categories!',

  // Products.
  productAdded: 'Product added successfully!',
  productAddFailed: 'Failed to add product.',
  productUpdated: 'Product updated successfully!',
  productUpdateFailed: 'Failed to update product.',
  productDeleted: 'Product deleted successfully!',
  productDeleteFailed: 'Failed to delete product.',
  confirmDeleteProduct: 'Do you want to delete this product?',
  customProductAdded: 'Custom product added successfully',
  customProductAddFailed: 'Failed to add custom product!',
  /** The product's message list names no failure for loading the products. */
  productsLoadFailed: 'Failed to fetch products!',

  // CSV uploads and loyalty.
  fileUploaded: 'File uploaded successfully',
  fileUploadFailed: 'Failed to upload file',
  loyaltySet: 'Loyalty point set successfully to products.',
  loyaltySetFailed: 'Failed to set loyalty points!',
  receiptSettingsFailed: 'The receipt settings could not be read or saved',
  receiptSaved: 'Receipt saved',
  paymentSettingsFailed: 'The payment settings could not be read or saved',
  paymentSettingsSaved: 'Payment settings saved',

  // Carts, open orders and invoices.
  invoiceCreated: 'Invoice created',
  invoiceCreateFailed: 'Failed to create invoice',
  invoiceFetchFailed: 'Failed to fetch invoice',
  savedInvoiceFetchFailed: 'Failed to fetch saved invoice',
  openOrderFetchFailed: 'Failed fetch open order!',
  productAddedToInvoice: 'Product added to invoice',
  productAddToInvoiceFailed: 'Failed to add product to invoice',
  productRemovedFromInvoice: 'Product removed from invoice',
  productRemoveFromInvoiceFailed: 'Failed to remove product from invoice',
  invoiceCleared: 'Invoice cleared',
  invoiceClearFailed: 'Failed to clear invoice',
  savedToOpenOrders: 'Saved to open orders',
  openOrderDeleteFailed: 'Failed to delete open order!',
  confirmDeleteOpenOrder: 'Do you want to delete this open order?',
  confirmRemoveFromCart: 'Do you want to remove this product from the cart?',
  somethingWentWrong: 'Something went wrong!',

  // Payments, loyalty redemption and refunds.
  paymentSuccessful: 'Payment successful.',
  paymentFailed: 'Payment failed!',
  pointsAdded: 'Points amount added!',
  redeemFailed: 'Failed to redeem points!',
  refundAccepted: 'Refund accepted',
  refundFailed: 'Failed to submit refund!',

  // Custom invoices.
  customInvoiceCreated: 'Invoice created successfully',
  customInvoiceCreateFailed: 'Failed to create invoice!',
  customInvoiceNoId: 'Invoice creation failed: no ID returned',
  customInvoiceDeleted: 'Invoice deleted successfully!',
  customInvoiceDeleteFailed: 'Failed to delete invoice!',
  productAddedToCustomInvoice: 'Product added to custom invoice',
  customInvoiceAddFailed: 'Failed to add product!',
  productRemovedFromCustomInvoice: 'Product removed successfully',
  customInvoiceRemoveFailed: 'Failed to remove product!',
  customerDetailsAdded: 'Customer data added successfully',
  customerDetailsFailed: 'Failed to add customer!',

  // Sales dashboards (admin and super admin).
  salesDataFetched: 'Sales data fetched successfully',
  salesDataFetchFailed: 'Failed to fetch sales data!',
} as const;
