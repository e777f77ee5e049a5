model Tank "A tank filled by a constant flow"
  parameter Real area = 0.5 "Cross section (m2)";
  parameter Real inflow = 0.02 "Inflow (m3/s)";
  Real level(start = 0) "Water level (m)";
equation
  area * der(level) = inflow - 0.01 * sqrt(max(level, 0));
end Tank;
