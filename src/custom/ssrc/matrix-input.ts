/** The plain number input of a comparison-matrix cell (award quantities, scores): hundreds are painted at once, so no antd widget. */
export const matrixInputStyle = { width: 96, padding: '1px 6px', border: '1px solid var(--app-border, #d9d9d9)', borderRadius: 4 };
