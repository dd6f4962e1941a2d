/** A tab of the panel that is not built yet says so. */
export function TabNotBuilt({ title }: { title: string }) {
  return (
    <div className="admin-tab-placeholder">
      <h2 className="admin-tab-placeholder__title">{title}</h2>
      <p className="muted">This tab is not built yet.</p>
    </div>
  );
}
