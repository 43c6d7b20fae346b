// The throttled phone profile the first-paint benchmarks load pages under: slow 4G (150 ms
// latency, 1.6 Mbit/s down, 750 kbit/s up, each at 90 %) and a 4× slower CPU, set through CDP.

/** Chromium's `Network.emulateNetworkConditions` for slow 4G. */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
/** `Emulation.setCPUThrottlingRate`'s rate. */
export const CPU = 4;

/** Puts `page` under the profile (network tracking on, for a benchmark that reads it). */
export async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  return cdp;
}
