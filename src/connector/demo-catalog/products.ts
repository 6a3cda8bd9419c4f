// The seed catalog of the demo connector: thirty office and warehouse products with prices in
// cents (money is never a float here) and stock levels, some deliberately low or zero.

export interface SeedProduct {
  sku: string;
  name: string;
  category: string;
  description: string;
  unit: string;
  unitPriceCents: number;
  stock: number;
}

const p = (
  sku: number,
  name: string,
  category: string,
  unit: string,
  unitPriceCents: number,
  stock: number,
  description: string,
): SeedProduct => ({
  sku: `SKU-${sku}`,
  name,
  category,
  description,
  unit,
  unitPriceCents,
  stock,
});

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  p(
    1001,
    'Ergonomic Office Chair',
    'Furniture',
    'each',
    24900,
    42,
    'Mesh back, adjustable lumbar support and 4D armrests',
  ),
  p(
    1002,
    'Standing Desk 140 x 70 cm',
    'Furniture',
    'each',
    52900,
    15,
    'Dual-motor sit-stand desk with memory presets',
  ),
  p(
    1003,
    'Steel Filing Cabinet, 3 Drawers',
    'Furniture',
    'each',
    18950,
    23,
    'Lockable, anti-tilt, A4 and letter hanging files',
  ),
  p(1004, 'Meeting Table for 6', 'Furniture', 'each', 68000, 4, 'Oak veneer top with cable tray'),
  p(1005, 'Monitor Arm, Dual', 'Furniture', 'each', 8990, 60, 'Gas-spring arm for two 17-32 inch screens'),
  p(1006, '27-inch 4K Monitor', 'Electronics', 'each', 32900, 31, 'IPS panel, USB-C 65 W power delivery'),
  p(
    1007,
    'Wireless Keyboard and Mouse Set',
    'Electronics',
    'each',
    5490,
    120,
    'Quiet keys, 2.4 GHz receiver, 24-month battery',
  ),
  p(
    1008,
    'USB-C Docking Station',
    'Electronics',
    'each',
    17900,
    0,
    'Dual display, 100 W pass-through, gigabit Ethernet',
  ),
  p(
    1009,
    'Noise-Cancelling Headset',
    'Electronics',
    'each',
    12900,
    55,
    'Bluetooth and USB, boom microphone, Teams certified',
  ),
  p(
    1010,
    'Conference Speakerphone',
    'Electronics',
    'each',
    21900,
    12,
    '360-degree microphones for rooms up to 8 people',
  ),
  p(
    1011,
    'Laser Printer, Mono',
    'Electronics',
    'each',
    19900,
    18,
    '40 pages per minute, duplex, network ready',
  ),
  p(1012, 'Toner Cartridge, Black', 'Supplies', 'each', 7450, 140, 'About 6,000 pages, for SKU-1011'),
  p(1013, 'A4 Copy Paper 80 g', 'Supplies', 'box', 3290, 800, 'Box of 5 reams, 2,500 sheets'),
  p(1014, 'Ballpoint Pens, Blue', 'Supplies', 'pack', 690, 950, 'Pack of 50, medium tip'),
  p(1015, 'Sticky Notes 76 x 76 mm', 'Supplies', 'pack', 1150, 400, 'Pack of 12 pads, assorted colours'),
  p(1016, 'Lever Arch Files', 'Supplies', 'pack', 2480, 230, 'Pack of 10, 80 mm spine, recycled board'),
  p(1017, 'Whiteboard 120 x 90 cm', 'Supplies', 'each', 11900, 26, 'Magnetic enamel surface with pen tray'),
  p(1018, 'Whiteboard Markers', 'Supplies', 'pack', 890, 310, 'Pack of 8, bullet tip, low odour'),
  p(1019, 'Pallet Jack 2500 kg', 'Warehouse', 'each', 38900, 7, 'Manual hydraulic, 1150 mm forks'),
  p(1020, 'Stretch Wrap Film', 'Warehouse', 'box', 4590, 150, 'Box of 6 rolls, 500 mm x 300 m, 23 micron'),
  p(
    1021,
    'Shipping Boxes, Medium',
    'Warehouse',
    'pack',
    3990,
    500,
    'Pack of 25 double-wall boxes, 40 x 30 x 30 cm',
  ),
  p(1022, 'Packing Tape, Brown', 'Warehouse', 'pack', 1890, 640, 'Pack of 36 rolls, 48 mm x 66 m'),
  p(
    1023,
    'Label Printer, Thermal',
    'Warehouse',
    'each',
    27900,
    9,
    '4-inch direct thermal, 203 dpi, USB and Ethernet',
  ),
  p(1024, 'Shipping Labels 100 x 150 mm', 'Warehouse', 'box', 2990, 260, 'Box of 4 rolls, 500 labels each'),
  p(
    1025,
    'Boltless Shelving Unit',
    'Warehouse',
    'each',
    15900,
    21,
    '5 shelves, 265 kg per shelf, 180 x 90 x 45 cm',
  ),
  p(1026, 'Safety Gloves, Size L', 'Safety', 'pack', 2290, 0, 'Pack of 12 pairs, cut level B'),
  p(1027, 'High-Visibility Vest', 'Safety', 'each', 790, 420, 'EN ISO 20471 class 2, one size'),
  p(1028, 'First Aid Kit, Workplace', 'Safety', 'each', 4990, 38, 'BS 8599-1 medium kit for up to 25 people'),
  p(1029, 'Fire Extinguisher 6 kg ABC', 'Safety', 'each', 6490, 3, 'Dry powder with wall bracket'),
  p(1030, 'Coffee Beans, Espresso Blend', 'Pantry', 'bag', 2190, 180, '1 kg bag, medium roast, Fairtrade'),
];
