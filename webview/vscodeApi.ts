/** The webview side of acquireVsCodeApi (provided by VS Code; callable once). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export function vscodeApi(): VsCodeApi {
  return acquireVsCodeApi();
}
