/** Heading of the admin panel (docs/product.md#admin-panel). */
export function AdminPanelHeader() {
  return (
    <header className="page__header">
      <title>Admin Panel · CopyTrade</title>
      <h1 className="page__title">Admin Panel</h1>
      <p className="page__note">
        Users, statistics, traces, trades, feedback, brokerage connections and the audit log of every admin action.
      </p>
    </header>
  );
}
