/// Six Fourier coefficients c_1...c_6 of a sine series sum c_l sin(2 l x), in a fixed-size value (no allocation).
struct Series6 {
    var c1, c2, c3, c4, c5, c6: Double

    init(_ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double, _ c6: Double) {
        self.c1 = c1
        self.c2 = c2
        self.c3 = c3
        self.c4 = c4
        self.c5 = c5
        self.c6 = c6
    }

    /// sum_{l=1}^{6} c_l sin(2 l x) for sin x = `s`, cos x = `c` (unit vector), by Clenshaw summation.
    @inline(__always)
    func sinSum(_ s: Double, _ c: Double) -> Double {
        // b_l = c_l + 2 cos(2x) b_{l+1} - b_{l+2};  sum = sin(2x) b_1
        let ar = 2 * (c - s) * (c + s)
        let b6 = c6
        let b5 = c5 + ar * b6
        let b4 = c4 + ar * b5 - b6
        let b3 = c3 + ar * b4 - b5
        let b2 = c2 + ar * b3 - b4
        let b1 = c1 + ar * b2 - b3
        return 2 * s * c * b1
    }
}

/// Five Fourier coefficients c_1...c_5 of a sine series sum c_l sin(2 l x).
struct Series5 {
    var c1, c2, c3, c4, c5: Double

    /// sum_{l=1}^{5} c_l sin(2 l x) for sin x = `s`, cos x = `c` (unit vector), by Clenshaw summation.
    @inline(__always)
    func sinSum(_ s: Double, _ c: Double) -> Double {
        let ar = 2 * (c - s) * (c + s)
        let b5 = c5
        let b4 = c4 + ar * b5
        let b3 = c3 + ar * b4 - b5
        let b2 = c2 + ar * b3 - b4
        let b1 = c1 + ar * b2 - b3
        return 2 * s * c * b1
    }
}

/// A3 = a0 + a1 eps + ... + a5 eps^5 for one ellipsoid (the a_j depend on its third flattening only).
struct A3Coefficients: Sendable {
    var a0, a1, a2, a3, a4, a5: Double

    @inline(__always)
    func callAsFunction(_ eps: Double) -> Double {
        a0 + eps * (a1 + eps * (a2 + eps * (a3 + eps * (a4 + eps * a5))))
    }
}

/// C3_l = sum_{j=l}^{5} k_lj eps^j for one ellipsoid (the k_lj depend on its third flattening only).
struct C3Coefficients: Sendable {
    var k11, k12, k13, k14, k15: Double
    var k22, k23, k24, k25: Double
    var k33, k34, k35: Double
    var k44, k45: Double
    var k55: Double

    @inline(__always)
    func callAsFunction(_ eps: Double) -> Series5 {
        let eps2 = eps * eps
        let eps3 = eps2 * eps
        let eps4 = eps2 * eps2
        return Series5(
            c1: eps * (k11 + eps * (k12 + eps * (k13 + eps * (k14 + eps * k15)))),
            c2: eps2 * (k22 + eps * (k23 + eps * (k24 + eps * k25))),
            c3: eps3 * (k33 + eps * (k34 + eps * k35)),
            c4: eps4 * (k44 + eps * k45),
            c5: eps4 * eps * k55
        )
    }
}
