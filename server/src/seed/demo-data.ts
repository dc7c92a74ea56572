import type { CategoryRecord, ReviewInput, ToolInput, ToolSpec } from '../store/store.js';

export const demoCategories: CategoryRecord[] = [
  { slug: 'hand-tools', name: 'Hand tools' },
  { slug: 'power-tools', name: 'Power tools' },
  { slug: 'measuring', name: 'Measuring' },
  { slug: 'fastening', name: 'Fastening' },
  { slug: 'storage', name: 'Storage' },
];

const CATEGORY_OF: Record<string, string> = {
  'cordless-drill': 'power-tools',
  'impact-driver': 'power-tools',
  'angle-grinder': 'power-tools',
  'circular-saw': 'power-tools',
  'torque-wrench': 'measuring',
  'socket-set': 'fastening',
  'pipe-wrench': 'hand-tools',
  'bench-vise': 'storage',
  'claw-hammer': 'hand-tools',
  'adjustable-wrench': 'hand-tools',
  'screwdriver-set': 'fastening',
  'tape-measure': 'measuring',
};

/** Part numbers as a trade buyer would type them from a price list. */
const SKU_OF: Record<string, string> = {
  'cordless-drill': 'PF-DRL-18',
  'impact-driver': 'PF-IMP-18',
  'angle-grinder': 'PF-AGR-115',
  'circular-saw': 'PF-CSW-165',
  'torque-wrench': 'MS-TQW-200',
  'socket-set': 'FS-SKT-94',
  'pipe-wrench': 'HT-PPW-14',
  'bench-vise': 'ST-VSE-125',
  'claw-hammer': 'HT-HMR-16',
  'adjustable-wrench': 'HT-ADJ-10',
  'screwdriver-set': 'FS-SDR-12',
  'tape-measure': 'MS-TAP-8',
};

const SPECS_OF: Record<string, ToolSpec[]> = {
  'cordless-drill': [
    { name: 'Voltage', value: '18 V' },
    { name: 'Chuck', value: '1/2 in. keyless' },
    { name: 'Clutch settings', value: '21' },
    { name: 'Weight', value: '1.6 kg' },
  ],
  'impact-driver': [
    { name: 'Voltage', value: '18 V' },
    { name: 'Torque', value: '1,800 in-lbs' },
    { name: 'Bit holder', value: '1/4 in. hex' },
  ],
  'tape-measure': [
    { name: 'Length', value: '8 m / 26 ft' },
    { name: 'Blade width', value: '25 mm' },
  ],
};

/** The demo catalogue, in the order the shop should show it (the seed inserts it newest-last). */

const tool = (
  slug: string,
  name: string,
  priceCents: number,
  minimumOrderQuantity: number,
  availableQuantity: number,
  description: string,
): ToolInput => ({
  ...(SKU_OF[slug] ? { sku: SKU_OF[slug] } : {}),
  name,
  img: `/images/tools/${slug}.svg`,
  priceCents,
  description,
  availableQuantity,
  minimumOrderQuantity,
  category: CATEGORY_OF[slug] ?? 'hand-tools',
  specs: SPECS_OF[slug] ?? [],
});

export const demoTools: ToolInput[] = [
  tool(
    'cordless-drill',
    'ProForce 18V Cordless Drill/Driver',
    8900,
    20,
    1200,
    'A compact two-speed drill/driver with a 1/2 in. keyless chuck and 21 clutch settings. Ships with two 2.0 Ah batteries and a fast charger.',
  ),
  tool(
    'impact-driver',
    'ProForce 18V Brushless Impact Driver',
    11900,
    20,
    900,
    'Brushless motor delivering 1,800 in-lbs of torque in a body under 6 in. long. The 1/4 in. hex quick-release takes every standard bit.',
  ),
  tool(
    'angle-grinder',
    '4-1/2 in. Angle Grinder, 900 W',
    5450,
    25,
    1500,
    'A slim-grip grinder for cutting, grinding and deburring steel. Tool-free guard adjustment and a spindle lock for fast disc changes.',
  ),
  tool(
    'circular-saw',
    '7-1/4 in. Circular Saw, 15 A',
    9900,
    15,
    600,
    'A 5,800 RPM saw with a cast aluminium shoe and bevel capacity to 56 degrees. The electric brake stops the blade in under two seconds.',
  ),
  tool(
    'torque-wrench',
    '1/2 in. Drive Click Torque Wrench',
    6400,
    30,
    800,
    'Calibrated to within 4% from 20 to 150 ft-lbs, with a dual-scale handle and an audible click. Delivered with a calibration certificate.',
  ),
  tool(
    'socket-set',
    '94-Piece Mechanics Socket Set',
    13900,
    10,
    450,
    'SAE and metric sockets in 1/4, 3/8 and 1/2 in. drives with three 72-tooth ratchets. Packed in a labelled blow-moulded case.',
  ),
  tool(
    'pipe-wrench',
    '18 in. Heavy-Duty Pipe Wrench',
    3275,
    50,
    2000,
    'A ductile iron body with hardened, replaceable jaws that grip pipe up to 2-1/2 in. across. Built for daily plumbing work.',
  ),
  tool(
    'bench-vise',
    '6 in. Cast Iron Bench Vise',
    7800,
    10,
    350,
    'A 360-degree swivel base, serrated replaceable jaws and an integrated anvil. Opens to 6 in. and bolts down with four mounting holes.',
  ),
  tool(
    'claw-hammer',
    '16 oz. Fiberglass Claw Hammer',
    1425,
    100,
    5000,
    'A forged, heat-treated steel head on a shock-absorbing fibreglass handle. The curved claw pulls nails cleanly without marking the work.',
  ),
  tool(
    'adjustable-wrench',
    '10 in. Adjustable Wrench',
    1250,
    100,
    4000,
    'Chrome vanadium steel with laser-etched scales and a jaw that opens to 1-1/8 in. The thin head reaches into tight spaces.',
  ),
  tool(
    'screwdriver-set',
    '12-Piece Precision Screwdriver Set',
    1999,
    50,
    3000,
    'Phillips, slotted and Torx tips with magnetised S2 steel blades and cushioned grips. Comes in a wall-mountable rack.',
  ),
  tool(
    'tape-measure',
    '25 ft. Magnetic Tape Measure',
    975,
    200,
    6000,
    'A 1-1/8 in. wide blade with a 12 ft. standout, a magnetic hook and a rubber-armoured case that survives a 10 ft. drop.',
  ),
];

const review = (
  authorName: string,
  authorEmail: string,
  ratings: number,
  text: string,
): ReviewInput => ({
  review: text,
  ratings,
  authorEmail,
  authorName,
});

export const demoReviews: ReviewInput[] = [
  review(
    'Maria Gonzalez',
    'maria.gonzalez@example.com',
    5,
    'We equipped our whole assembly line with the 18V drills. Two years in, not a single motor failure.',
  ),
  review(
    'David Chen',
    'david.chen@example.com',
    4,
    'Torque wrenches arrived calibrated with certificates, as promised. Delivery took a few days longer than quoted.',
  ),
  review(
    'Aisha Rahman',
    'aisha.rahman@example.com',
    5,
    'Bulk pricing on the socket sets made it easy to kit out every apprentice in our workshop.',
  ),
  review(
    'Tom Becker',
    'tom.becker@example.com',
    3,
    'The angle grinders are solid, but I would like a longer power cord for site work.',
  ),
  review(
    'Lena Novak',
    'lena.novak@example.com',
    5,
    'Ordering 500 tape measures took five minutes and they shipped the same week. Great service.',
  ),
  review(
    'Samuel Okafor',
    'samuel.okafor@example.com',
    4,
    'Pipe wrenches grip well and the jaws are easy to replace. Our plumbers are happy.',
  ),
  review(
    'Hannah Lee',
    'hannah.lee@example.com',
    5,
    'The bench vises are heavy and precise. Excellent value for a fit-out of twelve workbenches.',
  ),
  review(
    'Carlos Mendes',
    'carlos.mendes@example.com',
    4,
    'Good impact drivers for the price. The batteries last a full shift.',
  ),
];
