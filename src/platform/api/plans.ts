// The billing plans the mock platform shows (protocol.md 4.3 lists the route, not the plans): two,
// because the only thing a plan decides here is the premium gate on creating SDK connections.

import type { Plan } from '../types.ts';

export interface BillingPlan {
  id: Plan;
  name: string;
  price_usd_month: number;
  features: string[];
  sdk_connections: boolean;
  current: boolean;
}

const PLANS: Array<Omit<BillingPlan, 'current'>> = [
  {
    id: 'free',
    name: 'Free',
    price_usd_month: 0,
    features: ['AI assistant', 'Business tools'],
    sdk_connections: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    price_usd_month: 99,
    features: ['AI assistant', 'Business tools', 'SDK connections (external connectors)'],
    sdk_connections: true,
  },
];

export function billingPlans(current: Plan): BillingPlan[] {
  return PLANS.map((p) => ({ ...p, features: [...p.features], current: p.id === current }));
}
