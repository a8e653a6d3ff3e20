// Panel sizing for UI specs (the inspector at 400 px, as in a narrow side-by-side layout).

/**
 * Makes the inspector's editor group `width` CSS pixels wide by resizing the browser window (the
 * editor and the panel split the editor area), measured on the webview's frame.
 */
export async function panelWidth(wb, width) {
  const frame = () => wb.page.locator('iframe.webview.ready').first().boundingBox();
  for (let i = 0; i < 4; i++) {
    const box = await frame();
    if (box && Math.abs(box.width - width) <= 8) return box.width;
    const viewport = wb.page.viewportSize();
    // Both groups change by half of what the window does.
    await wb.page.setViewportSize({ width: Math.max(600, Math.round(viewport.width + 2 * (width - (box?.width ?? width)))), height: viewport.height });
    await wb.page.waitForTimeout(500);
  }
  return (await frame())?.width;
}
