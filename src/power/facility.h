#pragma once
// The facility around the IT load (power-model.md §g): a sinusoidal outdoor
// ambient, a PUE that rises with ambient and load, and the cooling and
// facility power it implies; plus the IT reference the load fraction is
// measured against (design capacity by default, Joulie's running peak in
// compat).

#include "model/ambient.h"
#include "model/cluster.h"
#include "model/hardware.h"

namespace clustersim::power {

// §g: T_amb(t) = base + A·sin(2π·t/period); base for a non-positive period.
double AmbientTemperature(const AmbientSpec& ambient, double t_s);
// The ambient at t: the sinusoid, or the step in force (the first row's
// value before it; the base without rows).
double AmbientAt(const Ambient& ambient, double t_s);

// §g: clamp(1.08 + 0.006(T − 15) + 0.04·lf + 0.015·lf·(T − 15)/15, 1, 3).
double Pue(double ambient_c, double load_fraction);
// §g: cooling = IT·(PUE − 1); facility = IT·PUE.
double CoolingPower(double it_w, double pue);
double FacilityPower(double it_w, double pue);

// §g: lf = IT/IT_ref, 0 while the reference is 0 (Joulie's running peak
// before any load).
double LoadFraction(double it_w, double it_ref_w);
// §g [COMPAT]: the running peak of IT, updated with each new IT value.
double RunningPeak(double peak_w, double it_w);

// §g [CORR] design IT capacity of one node: its CPU at full load (curve at
// 100 % or PMax) plus gpus·Max.
double NodeDesignPower(const CpuSpec& cpu, const GpuSpec& gpu, int gpus);
// Σ NodeDesignPower over the cluster's nodes (facility.designITWatts
// overrides it).
double DesignItPower(const Cluster& cluster);

}  // namespace clustersim::power
