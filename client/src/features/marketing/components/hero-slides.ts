export interface HeroSlide {
  id: string;
  eyebrow: string;
  headline: string;
  text: string;
  image: string;
  imageAlt: string;
}

export const heroSlides: HeroSlide[] = [
  {
    id: 'workshop',
    eyebrow: 'Made in our own factory',
    headline: 'Built for the workshop. Priced for the trade.',
    text: 'Hand and power tools sold direct from the production line, in the quantities your business runs on.',
    image: '/images/banner/workshop.svg',
    imageAlt: 'A workshop pegboard with a hammer, wrenches, pliers and a tape measure',
  },
  {
    id: 'precision',
    eyebrow: 'Tested before it ships',
    headline: 'Precision you can measure.',
    text: 'Every batch is torque-tested and calibrated on our line, so the hundredth tool works like the first.',
    image: '/images/banner/precision.svg',
    imageAlt: 'A cordless drill beside a vernier caliper and interlocking gears',
  },
  {
    id: 'shipping',
    eyebrow: 'Bulk orders, worldwide',
    headline: 'From one box to a full pallet.',
    text: 'Order from each tool’s minimum quantity upwards and we deliver to 72 countries.',
    image: '/images/banner/shipping.svg',
    imageAlt: 'Stacked tool crates on a pallet next to a delivery truck',
  },
];
