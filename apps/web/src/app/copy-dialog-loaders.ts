/**
 * The copy-trading dialogs where the app composes them into other features' screens (the admin Dev tab), each a
 * chunk of its own loaded when first opened. Tests warm them up through these too.
 */
export const loadCopyTradeDialog = () => import('@/features/copy-trading/components/copy-trade-dialog');
export const loadSellCopyDialog = () => import('@/features/copy-trading/components/sell-copy-dialog');
