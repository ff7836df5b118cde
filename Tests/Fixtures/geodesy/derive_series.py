#!/usr/bin/env python3
"""Derive the series used by Sources/Geodesy from first principles, in exact rational arithmetic.

Karney, "Algorithms for geodesics" (J. Geodesy 2013) reduces the ellipsoidal geodesic to three integrals over the
arc length sigma on the auxiliary sphere. With k^2 = e'^2 cos^2(alpha0) and the small parameter
eps = (sqrt(1+k^2) - 1) / (sqrt(1+k^2) + 1), one has 1 + k^2 sin^2(sigma) = (1 - 2 eps cos 2sigma + eps^2) / (1-eps)^2,
and

  I1(sigma) = int sqrt(1 + k^2 sin^2)     = A1 (sigma + sum_l C1_l sin 2l sigma)      (distance)
  I2(sigma) = int 1 / sqrt(1 + k^2 sin^2) = A2 (sigma + sum_l C2_l sin 2l sigma)      (reduced length)
  I3(sigma) = int (2-f) / (1 + (1-f) sqrt(1 + k^2 sin^2))
                                          = A3 (sigma + sum_l C3_l sin 2l sigma)      (longitude)

plus the reversion of tau = sigma + sum_l C1_l sin 2l sigma, namely sigma = tau + sum_l C1p_l sin 2l tau.

With z = exp(2 i sigma), 1 - 2 eps cos 2sigma + eps^2 = (1 - eps z)(1 - eps / z), so every integrand is a Laurent
series in z with real coefficients; its z^0 coefficient is the mean, and the z^l coefficient c_l (equal to that of
z^-l) gives the term 2 c_l cos(2 l sigma), whose integral is (c_l / l) sin(2 l sigma).

Orders (as GeographicLib's default): A1, C1, C1p, A2, C2 to eps^6; A3 and C3 to total order 5 in (eps, n), with
n = f / (2 - f) the third flattening (I3 is multiplied by f, so longitudes are right to order 6). With
f = 2n / (1 + n): 2 - f = 2 / (1 + n) and 1 - f = (1 - n) / (1 + n).

Only the Python standard library is used (fractions). Run:
  python3 derive_series.py --report    prints the coefficients
  python3 derive_series.py             prints Sources/Geodesy/GeodesicSeries.swift
"""

import sys
from fractions import Fraction as Q

ORDER = 6


class Series:
    """Truncated series in eps and n with Laurent powers of z: {(i_eps, i_n, i_z): Fraction}.

    Terms whose weight i_eps + i_n exceeds `order` are dropped."""

    def __init__(self, terms, order):
        self.order = order
        self.t = {k: v for k, v in terms.items() if v != 0 and k[0] + k[1] <= order}

    @staticmethod
    def const(c, order):
        return Series({(0, 0, 0): Q(c)}, order)

    @staticmethod
    def mono(c, e, n, z, order):
        return Series({(e, n, z): Q(c)}, order)

    def __add__(self, other):
        if not isinstance(other, Series):
            other = Series.const(other, self.order)
        out = dict(self.t)
        for k, v in other.t.items():
            out[k] = out.get(k, 0) + v
        return Series(out, self.order)

    __radd__ = __add__

    def __neg__(self):
        return Series({k: -v for k, v in self.t.items()}, self.order)

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        if not isinstance(other, Series):
            return Series({k: v * Q(other) for k, v in self.t.items()}, self.order)
        out = {}
        for (a1, b1, c1), v1 in self.t.items():
            for (a2, b2, c2), v2 in other.t.items():
                if a1 + a2 + b1 + b2 > self.order:
                    continue
                k = (a1 + a2, b1 + b2, c1 + c2)
                out[k] = out.get(k, 0) + v1 * v2
        return Series(out, self.order)

    __rmul__ = __mul__

    def small_part(self):
        """Check that the weight-0 part is exactly the constant 1 and return self - 1."""
        zero = {k: v for k, v in self.t.items() if k[0] + k[1] == 0}
        assert zero == {(0, 0, 0): 1}, zero
        return self - 1

    def power(self, p):
        """(1 + u)^p by the binomial series, for self = 1 + u with u of positive weight."""
        u = self.small_part()
        result = Series.const(1, self.order)
        term = Series.const(1, self.order)
        coeff = Q(1)
        for k in range(1, self.order + 1):
            coeff = coeff * (Q(p) - (k - 1)) / k
            term = term * u
            result = result + term * coeff
        return result

    def exp(self):
        """exp(self) for self of positive weight."""
        result = Series.const(1, self.order)
        term = Series.const(1, self.order)
        for k in range(1, self.order + 1):
            term = term * self * Q(1, k)
            result = result + term
        return result

    def z_coeff(self, l):
        """Coefficient of z^l, as a series in eps and n."""
        return Series({(a, b, 0): v for (a, b, c), v in self.t.items() if c == l}, self.order)

    def coeff(self, e, n):
        return self.t.get((e, n, 0), Q(0))


def eps_series(order):
    return Series.mono(1, 1, 0, 0, order)


def derive():
    out = {}
    eps = eps_series(ORDER)
    z = Series.mono(1, 0, 0, 1, ORDER)
    zinv = Series.mono(1, 0, 0, -1, ORDER)
    one_m_eps_z = 1 - eps * z
    one_m_eps_zinv = 1 - eps * zinv

    # I1: sqrt((1 - eps z)(1 - eps/z)) / (1 - eps)
    root = one_m_eps_z.power(Q(1, 2)) * one_m_eps_zinv.power(Q(1, 2))
    m1 = root.z_coeff(0)  # (1 - eps) A1
    m1inv = m1.power(-1)
    out["m1"] = m1
    out["C1"] = [root.z_coeff(l) * m1inv * Q(1, l) for l in range(1, ORDER + 1)]

    # I2: (1 - eps) / sqrt((1 - eps z)(1 - eps/z))
    invroot = one_m_eps_z.power(Q(-1, 2)) * one_m_eps_zinv.power(Q(-1, 2))
    m2 = invroot.z_coeff(0)  # A2 / (1 - eps);  A2 = (1 - eps^2) m2 / (1 + eps)
    out["A2num"] = (1 - eps * eps) * m2
    m2inv = m2.power(-1)
    out["C2"] = [invroot.z_coeff(l) * m2inv * Q(1, l) for l in range(1, ORDER + 1)]

    # Reversion. With u = exp(2 i sigma), w = exp(2 i tau): tau = sigma + sum C1_l sin(2 l sigma) gives
    # w = u exp(E(u)) with E = sum C1_l (u^l - u^-l), hence u = w exp(-E) and 1/u = exp(E) / w. Iterate, treating
    # u and 1/u as Laurent series in w (the symbol z below). Finally 2 i (sigma - tau) = -E, and writing
    # -E = sum e_l (w^l - w^-l) gives sigma - tau = sum e_l sin(2 l tau), i.e. C1p_l = e_l.
    w = z
    winv = zinv
    u, uinv = w, winv
    for _ in range(ORDER + 1):
        E = Series({}, ORDER)
        upow, uinvpow = Series.const(1, ORDER), Series.const(1, ORDER)
        for l in range(1, ORDER + 1):
            upow = upow * u
            uinvpow = uinvpow * uinv
            E = E + out["C1"][l - 1] * (upow - uinvpow)
        u, uinv = w * (-E).exp(), winv * E.exp()
    minusE = -E
    out["C1p"] = [minusE.z_coeff(l) for l in range(1, ORDER + 1)]
    for l in range(1, ORDER + 1):  # odd in w
        assert (minusE.z_coeff(-l) + minusE.z_coeff(l)).t == {}

    # I3: 2 (1 - eps) / ((1 + n)(1 - eps) + (1 - n) S), S = sqrt((1 - eps z)(1 - eps/z)), to total order 5.
    o3 = ORDER - 1
    eps3 = eps_series(o3)
    n3 = Series.mono(1, 0, 1, 0, o3)
    S = (1 - eps3 * Series.mono(1, 0, 0, 1, o3)).power(Q(1, 2)) * \
        (1 - eps3 * Series.mono(1, 0, 0, -1, o3)).power(Q(1, 2))
    half_denominator = ((1 + n3) * (1 - eps3) + (1 - n3) * S) * Q(1, 2)
    h = (1 - eps3) * half_denominator.power(-1)
    m3 = h.z_coeff(0)
    out["A3"] = m3
    m3inv = m3.power(-1)
    out["C3"] = [h.z_coeff(l) * m3inv * Q(1, l) for l in range(1, o3 + 1)]
    return out


# ---------------------------------------------------------------------------------------------------------------
def swift_rational(r):
    r = Q(r)
    if r.denominator == 1:
        return f"{r.numerator}.0"
    return f"{r.numerator}.0 / {r.denominator}.0"


def horner(cs, var):
    """Horner form of sum cs[k] var^k."""
    while len(cs) > 1 and cs[-1] == 0:
        cs = cs[:-1]
    expr = swift_rational(cs[-1])
    for c in reversed(cs[:-1]):
        expr = f"{swift_rational(c)} + {var} * ({expr})" if c != 0 else f"{var} * ({expr})"
    return expr


def eps_coeffs(s, maxpow):
    return [s.coeff(k, 0) for k in range(maxpow + 1)]


def report(d):
    def show(name, s):
        terms = sorted(s.t.items())
        print(name, " + ".join(f"({v}) eps^{a} n^{b}" for (a, b, _), v in terms))
    show("(1-eps) A1 =", d["m1"])
    show("(1+eps) A2 =", d["A2num"])
    for l, s in enumerate(d["C1"], 1):
        show(f"C1_{l} =", s)
    for l, s in enumerate(d["C1p"], 1):
        show(f"C1p_{l} =", s)
    for l, s in enumerate(d["C2"], 1):
        show(f"C2_{l} =", s)
    show("A3 =", d["A3"])
    for l, s in enumerate(d["C3"], 1):
        show(f"C3_{l} =", s)


def swift(d):
    L = []
    L.append("// Generated by Tests/Fixtures/geodesy/derive_series.py (exact rational derivation); do not edit by hand.")
    L.append("// Series of Karney, \"Algorithms for geodesics\" (J. Geodesy 2013), to order 6 (GeographicLib's default).")
    L.append("")
    L.append("enum GeodesicSeries {")
    c = eps_coeffs(d["m1"], ORDER)
    assert c[0] == 1 and all(c[k] == 0 for k in range(1, ORDER + 1, 2))
    L.append("    /// (1 - eps) A1 - 1 = eps^2/4 + eps^4/64 + ..., for eps2 = eps^2")
    L.append("    @inline(__always)")
    L.append("    static func a1Numerator(_ eps2: Double) -> Double {")
    L.append(f"        eps2 * ({horner([c[2 * k] for k in range(1, ORDER // 2 + 1)], 'eps2')})")
    L.append("    }")
    L.append("")
    L.append("    /// A1 - 1")
    L.append("    @inline(__always)")
    L.append("    static func a1m1(_ eps: Double) -> Double {")
    L.append("        (a1Numerator(eps * eps) + eps) / (1 - eps)")
    L.append("    }")
    L.append("")
    c = eps_coeffs(d["A2num"], ORDER)
    assert c[0] == 1 and all(c[k] == 0 for k in range(1, ORDER + 1, 2))
    L.append("    /// (1 + eps) A2 - 1 = -3 eps^2/4 - 7 eps^4/64 - ..., for eps2 = eps^2")
    L.append("    @inline(__always)")
    L.append("    static func a2Numerator(_ eps2: Double) -> Double {")
    L.append(f"        eps2 * ({horner([c[2 * k] for k in range(1, ORDER // 2 + 1)], 'eps2')})")
    L.append("    }")
    L.append("")
    L.append("    /// A2 - 1")
    L.append("    @inline(__always)")
    L.append("    static func a2m1(_ eps: Double) -> Double {")
    L.append("        (a2Numerator(eps * eps) - eps) / (1 + eps)")
    L.append("    }")
    powers = {1: "eps", 2: "eps2", 3: "eps3", 4: "eps4", 5: "eps5", 6: "eps6"}
    for name, key, doc in (("c1", "C1", "C1_l (l = 1...6): I1 = A1 (sigma + sum C1_l sin 2l sigma)"),
                           ("c1p", "C1p", "C1'_l (l = 1...6): sigma = tau + sum C1'_l sin 2l tau"),
                           ("c2", "C2", "C2_l (l = 1...6): I2 = A2 (sigma + sum C2_l sin 2l sigma)")):
        L.append("")
        L.append(f"    /// {doc}")
        L.append("    @inline(__always)")
        L.append(f"    static func {name}(_ eps: Double) -> Series6 {{")
        L.append("        let eps2 = eps * eps, eps3 = eps2 * eps, eps4 = eps2 * eps2, eps5 = eps4 * eps, eps6 = eps4 * eps2")
        L.append("        return Series6(")
        for l in range(1, ORDER + 1):
            c = eps_coeffs(d[key][l - 1], ORDER)
            assert all(c[k] == 0 for k in range(0, l)), (key, l)
            assert all(c[k] == 0 for k in range(l + 1, ORDER + 1, 2)), (key, l)
            inner = [c[l + 2 * k] for k in range((ORDER - l) // 2 + 1)]
            sep = "," if l < ORDER else ""
            L.append(f"            {powers[l]} * ({horner(inner, 'eps2')}){sep}")
        L.append("        )")
        L.append("    }")
    o3 = ORDER - 1

    def n_poly(s, j):
        cs = [s.coeff(j, k) for k in range(o3 + 1)]
        return horner(cs, "n")

    L.append("")
    L.append("    /// Coefficients of eps^0...eps^5 in A3, as polynomials in the third flattening n.")
    L.append("    static func a3Coefficients(n: Double) -> A3Coefficients {")
    L.append("        A3Coefficients(")
    for j in range(o3 + 1):
        sep = "," if j < o3 else ""
        L.append(f"            a{j}: {n_poly(d['A3'], j)}{sep}")
    L.append("        )")
    L.append("    }")
    L.append("")
    L.append("    /// Coefficients k_lj of eps^j in C3_l (1 <= l <= j <= 5), as polynomials in the third flattening n.")
    L.append("    static func c3Coefficients(n: Double) -> C3Coefficients {")
    L.append("        C3Coefficients(")
    items = []
    for l in range(1, o3 + 1):
        s = d["C3"][l - 1]
        for j in range(0, l):
            assert all(s.coeff(j, k) == 0 for k in range(o3 + 1))
        for j in range(l, o3 + 1):
            items.append(f"k{l}{j}: {n_poly(s, j)}")
    for i, it in enumerate(items):
        L.append(f"            {it}{',' if i < len(items) - 1 else ''}")
    L.append("        )")
    L.append("    }")
    L.append("}")
    return "\n".join(L)


if __name__ == "__main__":
    data = derive()
    if len(sys.argv) > 1 and sys.argv[1] == "--report":
        report(data)
    else:
        print(swift(data))
