import { defineContent, z } from './define.ts';
import { pingUrl } from './locations.ts';

const datacentersSchema = z.object({
  locations: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        city: z.string().min(1),
        country: z.string().min(1),
        /** ISO 3166 alpha-2, for the flag. */
        countryCode: z.string().length(2),
        description: z.string().min(10),
        /** The lines on the card: network, processor, storage, latency. */
        features: z.array(z.string().min(2)).min(4),
        /** Where the visitor's latency is timed (see locations.ts); unset: the home card's of the same id, else /api/ping. */
        pingUrl: pingUrl.optional(),
      }),
    )
    .length(3),
  /** Facility features shared by every location. */
  facilities: z.array(z.object({ title: z.string().min(1), icon: z.enum(['zap', 'thermometer', 'lock', 'activity']), description: z.string().min(10) })).min(2),
});

export type Datacenters = z.infer<typeof datacentersSchema>;

const standard = ['10 Gbps Network', 'AMD EPYC 7763', 'NVMe SSD', 'Latency under 5ms'];

/** Datacenters (/datacenters). */
export const datacenters: Datacenters = defineContent('datacenters', datacentersSchema, {
  locations: [
    {
      id: 'mumbai',
      city: 'Mumbai',
      country: 'India',
      countryCode: 'IN',
      description: 'Our home location, closest to players across India and South Asia.',
      features: standard,
    },
    {
      id: 'singapore',
      city: 'Singapore',
      country: 'Singapore',
      countryCode: 'SG',
      description: 'Low latency to South-East Asia, Australia and the Middle East.',
      features: standard,
    },
    {
      id: 'frankfurt',
      city: 'Frankfurt',
      country: 'Germany',
      countryCode: 'DE',
      description: 'At the heart of Europe’s largest internet exchange.',
      features: standard,
    },
  ],
  facilities: [
    { title: 'Redundant Power', icon: 'zap', description: 'UPS and diesel generators keep every rack running through grid outages.' },
    { title: 'Precision Cooling', icon: 'thermometer', description: 'N+1 cooling holds hardware at stable temperatures, all year round.' },
    { title: 'Physical Security', icon: 'lock', description: 'Biometric access, CCTV and on-site staff 24/7.' },
    { title: 'Monitored 24/7', icon: 'activity', description: 'Every server and link is watched around the clock by our team.' },
  ],
});
