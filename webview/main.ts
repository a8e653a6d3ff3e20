// The inspector webview bundle (browser only, no Node APIs).
export {};
