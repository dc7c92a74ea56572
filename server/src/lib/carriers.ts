/** Carriers whose tracking page takes the number in its address; anything else shows no link. */
const TRACKING_URLS: Record<string, (number: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

export function trackingUrl(carrier: string | undefined, trackingNumber: string | undefined) {
  if (!carrier || !trackingNumber) return undefined;
  const build =
    TRACKING_URLS[
      carrier
        .trim()
        .toLowerCase()
        .replace(/[^a-z]/g, '')
    ];
  return build?.(encodeURIComponent(trackingNumber.trim()));
}
