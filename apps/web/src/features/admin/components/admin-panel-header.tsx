/** Heading of the admin panel and the honest note about the tabs of seed 001 §2.10 not built yet. */
export function AdminPanelHeader() {
  return (
    <header className="page__header">
      <title>Admin Panel · CopyTrade</title>
      <h1 className="page__title">Admin Panel</h1>
      <p className="page__note">
        Beta Launch Mode and the Traces tab are ready; the Users, Statistics, Trades, Feedback, All Connections,
        SnapTrade Users, User Details and Dev tabs are not built yet.
      </p>
    </header>
  );
}
